import AppShared
import Infrastructure
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The bundled server as `storefront demo`'s child, on a free loopback port, its
/// gateway holding the demo's key.
///
/// Its standard input is a pipe this process holds and never writes: when the demo
/// ends, by any route (SIGKILL included), the pipe closes and the server stops itself
/// (`--stop-at-end-of-input`), so no backend outlives the demo. What the server says
/// on standard error goes to a log file in the demo's folder, for the sentence that
/// explains a start that failed.
final class DemoBackend: Sendable {
    let url: URL
    /// Holds the lifeline (its standard input) and its standard output open while it
    /// runs, so the line it writes after the URL lands in the pipe instead of failing
    /// against a closed one.
    private let process: SpawnedProcess

    private init(url: URL, process: SpawnedProcess) {
        self.url = url
        self.process = process
    }

    /// Starts the server, its database in `folder` (the demo's, removed after it), and
    /// returns once it listens (its first line is the URL).
    static func start(in folder: String, keyFile: String, log: String) async throws(StartupFailure) -> DemoBackend {
        let process: SpawnedProcess
        do {
            process = try SpawnedProcess.spawn(
                try BundledServer.path(),
                arguments: ["--port", "0", "--data-dir", folder, "--gateway-key-file", keyFile, "--stop-at-end-of-input"],
                errorLog: log
            )
        } catch let error as FileSystemError {
            throw StartupFailure("The demo backend could not be started: \(error.description).")
        } catch let failure as StartupFailure {
            throw failure
        } catch {
            throw StartupFailure("The demo backend could not be started: \(error).")
        }
        guard let line = await process.readLine(), let url = URL(string: line), url.scheme == "http" else {
            await process.terminate()
            let said = ((try? PrivateFiles.read(at: log)) ?? nil).map { String(decoding: $0, as: UTF8.self) }?
                .split(separator: "\n").last.map { ": \($0)" } ?? ""
            throw StartupFailure("The demo backend did not start listening\(said).")
        }
        return DemoBackend(url: url, process: process)
    }

    /// Stops the server (SIGTERM, as Ctrl-C would) and returns once it has ended.
    func stop() async {
        await process.terminate()
    }
}
