import Foundation

/// A program this package builds, as `swift test` built it next to the test bundle, and
/// no other: one found elsewhere (an old `.build/debug/`) could be stale.
public enum BuiltProgram {
    /// Why the program is not there.
    public struct Missing: Error, CustomStringConvertible {
        public let description: String
    }

    /// A `storefront` built with the URLSessionTransport trait in a build folder of its
    /// own, named by STOREFRONT_TEST_URLSESSION_CLIENT (scripts/test-urlsession): the
    /// end-to-end flows run it in place of the one beside the tests, so that folder
    /// builds the client alone, not the tests again. Nil when the variable is unset.
    public static func urlSessionClient() throws -> URL? {
        guard let path = ProcessInfo.processInfo.environment["STOREFRONT_TEST_URLSESSION_CLIENT"], !path.isEmpty else { return nil }
        guard FileManager.default.isExecutableFile(atPath: path) else {
            throw Missing(description: "STOREFRONT_TEST_URLSESSION_CLIENT names \(path), which is no program")
        }
        return URL(fileURLWithPath: path)
    }

    /// `name` (`storefront`, `storefront-server`) beside the test bundle.
    public static func beside(_ name: String) throws -> URL {
        let beside = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent(name)
        guard FileManager.default.isExecutableFile(atPath: beside.path) else {
            throw Missing(description: "no \(name) binary beside \(beside.path); run the tests with `swift test`")
        }
        return beside
    }
}
