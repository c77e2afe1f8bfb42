import Foundation

/// A program this package builds, as `swift test` built it next to the test bundle, and
/// no other: one found elsewhere (an old `.build/debug/`) could be stale.
public enum BuiltProgram {
    /// Why the program is not there.
    public struct Missing: Error, CustomStringConvertible {
        public let description: String
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
