import AppShared
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The bundled server as `storefront demo`'s child, on a free loopback port, sealed
/// with the demo's key.
///
/// Its standard input is a pipe this process holds and never writes: when the demo
/// ends, by any route (SIGKILL included), the pipe closes and the server stops itself
/// (`--stop-at-end-of-input`), so no backend outlives the demo. What the server says
/// on standard error goes to a log file in the demo's folder, for the sentence that
/// explains a start that failed.
final class DemoBackend: Sendable {
    let url: URL
    private let process: Process
    private let lifeline: Pipe
    /// Its standard output, held open while it runs, so the line it writes after the
    /// URL lands in the pipe instead of failing against a closed one.
    private let output: Pipe

    private init(url: URL, process: Process, lifeline: Pipe, output: Pipe) {
        self.url = url
        self.process = process
        self.lifeline = lifeline
        self.output = output
    }

    /// Starts the server and returns once it listens (its first line is the URL).
    static func start(keyFile: String, log: String) async throws(StartupFailure) -> DemoBackend {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try BundledServer.path())
        process.arguments = ["--port", "0", "--payload-key-file", keyFile, "--stop-at-end-of-input"]
        let lifeline = Pipe()
        let output = Pipe()
        process.standardInput = lifeline
        process.standardOutput = output
        guard FileManager.default.createFile(atPath: log, contents: nil), let logFile = FileHandle(forWritingAtPath: log) else {
            throw StartupFailure("The demo backend's log \(log) cannot be written.")
        }
        process.standardError = logFile
        do {
            try process.run()
        } catch {
            throw StartupFailure("The demo backend could not be started: \(error.localizedDescription).")
        }
        try? logFile.close()
        let line = await offThread { readLine(from: output.fileHandleForReading) }
        guard let line, let url = URL(string: line), url.scheme == "http" else {
            process.terminate()
            let said = (try? String(contentsOfFile: log, encoding: .utf8))?
                .split(separator: "\n").last.map { ": \($0)" } ?? ""
            throw StartupFailure("The demo backend did not start listening\(said).")
        }
        return DemoBackend(url: url, process: process, lifeline: lifeline, output: output)
    }

    /// Stops the server (SIGTERM, as Ctrl-C would) and returns once it has ended.
    func stop() async {
        let process = self.process
        if process.isRunning {
            process.terminate()
            await Self.offThread { process.waitUntilExit() }
        }
        try? lifeline.fileHandleForWriting.close()
        try? output.fileHandleForReading.close()
    }

    /// The first line on `handle`, without its newline; nil if it ends before one.
    private static func readLine(from handle: FileHandle) -> String? {
        var received = Data()
        while !received.contains(10) {
            let chunk = handle.availableData
            guard !chunk.isEmpty else { return nil }
            received += chunk
        }
        return String(decoding: received.prefix { $0 != 10 }, as: UTF8.self)
    }

    /// Blocking work on a thread of its own, so it never holds up a task.
    private static func offThread<Result: Sendable>(_ work: @escaping @Sendable () -> Result) async -> Result {
        await withCheckedContinuation { continuation in
            Thread { continuation.resume(returning: work()) }.start()
        }
    }
}
