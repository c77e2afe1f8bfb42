import Foundation
import TestSupport

/// gzip through the system's `gzip` command: Foundation has no compressor on Linux,
/// and a test needs only a few kilobytes that inflate to megabytes.
///
/// Foundation's `Process`, not `ChildProcess`: these tests also run under
/// ThreadSanitizer, and swift-subprocess's global `Synchronization.Mutex`es are reported
/// there (their contended wait is a futex TSan cannot follow). gzip always ends, and
/// its output is far smaller than its input, so the plain wait below is bounded.
enum Gzip {
    struct Failure: Error {}

    static func compress(_ bytes: [UInt8]) async throws -> [UInt8] {
        try await runOffPool {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = ["gzip", "-c", "-9"]
            process.environment = ChildEnvironment.clean(home: FileManager.default.temporaryDirectory.path)
            let input = Pipe()
            let output = Pipe()
            process.standardInput = input
            process.standardOutput = output
            try process.run()
            // The compressed output is far smaller than a pipe's buffer, so writing all
            // of the input before reading cannot stall gzip.
            try input.fileHandleForWriting.write(contentsOf: Data(bytes))
            try input.fileHandleForWriting.close()
            let compressed = output.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            guard process.terminationStatus == 0 else { throw Failure() }
            return [UInt8](compressed)
        }
    }
}
