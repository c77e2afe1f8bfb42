import Foundation

/// The clone's own folder, for tests that hold the documents to the code.
public enum RepositoryFolder {
    /// Four folders above this file: Files, TestSupport, Tests, then the repository.
    public static var root: URL {
        URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent() // Files
            .deletingLastPathComponent() // TestSupport
            .deletingLastPathComponent() // Tests
            .deletingLastPathComponent()
    }
}
