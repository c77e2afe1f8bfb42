import Foundation
import TestSupport

/// gzip through the system's `gzip` command: Foundation has no compressor on Linux,
/// and a test needs only a few kilobytes that inflate to megabytes.
enum Gzip {
    struct Failure: Error {}

    static func compress(_ bytes: [UInt8]) async throws -> [UInt8] {
        // Input, output and error move at once, so no size of either can stall gzip.
        let child = try await ChildProcess.run(
            "/usr/bin/env", arguments: ["gzip", "-c", "-9"],
            environment: ChildEnvironment.clean(home: FileManager.default.temporaryDirectory.path), input: bytes
        )
        guard child.status == 0 else { throw Failure() }
        return child.standardOutputBytes
    }
}
