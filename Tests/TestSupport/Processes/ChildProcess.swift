import Foundation
import Subprocess
#if canImport(System)
import System
#else
import SystemPackage
#endif

/// A child process a test runs to the end, through swift-subprocess: its standard output
/// and error are collected at the same time (so a child that writes more than a pipe
/// holds to one never blocks on it while the other is read), and when the waiting task
/// is cancelled (a suite's time limit) the child is torn down, SIGTERM and then SIGKILL,
/// and the wait throws. So a child that never exits fails its test, not the whole run.
public enum ChildProcess {
    /// How a child ended, and what it wrote.
    public struct Result: Sendable {
        /// The exit status, or 128 plus the signal that ended it, as a shell reports it.
        public let status: Int32
        public let standardOutputBytes: [UInt8]
        public let standardErrorBytes: [UInt8]

        public var standardOutput: String { String(decoding: standardOutputBytes, as: UTF8.self) }
        public var standardError: String { String(decoding: standardErrorBytes, as: UTF8.self) }
        public var everything: String { standardOutput + standardError }
    }

    /// The most either output may hold; more is a failure, not a truncation.
    public static let outputLimit = 64 * 1024 * 1024

    /// Runs `executable` with exactly `environment` (see `ChildEnvironment`), feeding
    /// `input` on standard input, and waits for it, however long, unless cancelled.
    public static func run(
        _ executable: String,
        arguments: [String],
        environment: [String: String],
        workingDirectory: String? = nil,
        input: String = ""
    ) async throws -> Result {
        try await run(executable, arguments: arguments, environment: environment, workingDirectory: workingDirectory, input: Array(input.utf8))
    }

    /// As above, with bytes on standard input.
    public static func run(
        _ executable: String,
        arguments: [String],
        environment: [String: String],
        workingDirectory: String? = nil,
        input: [UInt8]
    ) async throws -> Result {
        var options = PlatformOptions()
        options.teardownSequence = [.gracefulShutDown(allowedDurationToNextStep: .seconds(1))]
        let result = try await spawningWhenFree {
            try await Subprocess.run(
                .path(FilePath(executable)),
                arguments: Arguments(arguments),
                environment: .custom(Dictionary(uniqueKeysWithValues: environment.map { (Environment.Key(stringLiteral: $0.key), $0.value) })),
                workingDirectory: workingDirectory.map { FilePath($0) },
                platformOptions: options,
                input: .fileDescriptor(try inputFile(holding: input), closeAfterSpawningProcess: true),
                output: .bytes(limit: outputLimit),
                error: .bytes(limit: outputLimit)
            )
        }
        // A run whose task was cancelled tore its child down: that is no result.
        try Task.checkCancellation()
        let status: Int32 = switch result.terminationStatus {
        case .exited(let code): code
        case .signaled(let signal): 128 + signal
        }
        return Result(status: status, standardOutputBytes: result.standardOutput, standardErrorBytes: result.standardError)
    }

    /// Runs `spawn` again for as long as the kernel refuses `executable` as busy
    /// (ETXTBSY). A program the test has just written (a copied binary, a stand-in
    /// script) stays open for writing in any child another test forks before that child
    /// execs, and exec refuses a file open for writing until then: a window of
    /// microseconds, which a loaded machine widens. Polled, not timed: the suite's time
    /// limit is the only bound.
    private static func spawningWhenFree<Value>(_ spawn: () async throws -> Value) async throws -> Value {
        while true {
            do {
                return try await spawn()
            } catch let error as SubprocessError where error.underlyingError?.rawValue == ETXTBSY {
                try await Task.sleep(for: .milliseconds(1))
            }
        }
    }

    /// `bytes` in a file already removed from its folder, open for reading: the child's
    /// standard input. Not a pipe the test writes into: a child that exits before it
    /// reads (a refusal at start-up) makes that write fail with EPIPE, and
    /// swift-subprocess 1.0.2 then traps in its own descriptor's deinit ("was not
    /// closed", swiftlang/swift-subprocess#367), ending the whole test run. A file
    /// cannot refuse to be written.
    private static func inputFile(holding bytes: [UInt8]) throws -> FileDescriptor {
        var template = Array((NSTemporaryDirectory() as NSString).appendingPathComponent("storefront-input-XXXXXX").utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { name in name.baseAddress.map { mkstemp($0) } ?? -1 }
        guard descriptor >= 0 else { throw CocoaError(.fileWriteUnknown) }
        let file = FileDescriptor(rawValue: descriptor)
        template.withUnsafeBufferPointer { name in _ = name.baseAddress.map { unlink($0) } }
        do {
            _ = try file.writeAll(bytes)
            _ = try file.seek(offset: 0, from: .start)
        } catch {
            try? file.close()
            throw error
        }
        return file
    }
}
