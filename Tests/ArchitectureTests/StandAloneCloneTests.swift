import Foundation
import Testing

/// A clone stands alone: no file of the project points at a folder beside it. The
/// contracts are in docs/, and the published test vectors are fetched, so nothing a
/// reader or a test needs lies outside the repository.
@Suite("The clone names nothing outside itself", .timeLimit(.minutes(1)))
struct StandAloneCloneTests {
    /// The sibling folder a workspace might hold next to the clone, spelled in two
    /// parts so this file does not name it.
    static let outside = ".." + "/shared"

    @Test("no file of the repository names the folder beside it")
    func namesNothingOutside() throws {
        let root = PackageReader.repositoryRoot
        let skipped: Set<String> = [".git", ".swiftpm"]
        guard let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.isDirectoryKey]) else {
            Issue.record("cannot list \(root.path)")
            return
        }
        var read = 0
        for case let url as URL in walker {
            let name = url.lastPathComponent
            if skipped.contains(name) || name.hasPrefix(".build") {
                walker.skipDescendants()
                continue
            }
            guard (try? url.resourceValues(forKeys: [.isDirectoryKey]).isDirectory) == false,
                  let text = try? String(contentsOf: url, encoding: .utf8) else { continue }
            read += 1
            let relative = String(url.path.dropFirst(root.path.count + 1))
            #expect(!text.contains(Self.outside), "\(relative) names \(Self.outside)")
        }
        #expect(read >= 200, "read only \(read) files; was the walk broken?")
    }
}
