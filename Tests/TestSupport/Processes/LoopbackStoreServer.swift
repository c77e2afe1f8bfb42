import Foundation
import Infrastructure

/// The bundled backend as the program `storefront-server` (plain JSON, a loopback port
/// it picks), for test targets that may not link Backend: the repositories meet the
/// real server across a real socket, as the layer rules allow. Started with
/// `SpawnedProcess` (not Foundation's `Process`, whose objects stay in a reference
/// cycle after the child ends on this toolchain, which LeakSanitizer reports) and an
/// environment of its own. `stop()` ends it and waits for it.
public final class LoopbackStoreServer: Sendable {
    /// Where it listens, e.g. `http://127.0.0.1:41234`.
    public let baseURL: URL
    private let child: SpawnedProcess
    /// Its `HOME` and its standard error's file: never the runner's.
    private let home: TemporaryDirectory

    /// Starts a server with a catalogue of `products`, and returns once it listens.
    public init(products: Int) async throws {
        home = try TemporaryDirectory()
        child = try SpawnedProcess.spawn(
            try BuiltProgram.beside("storefront-server").path,
            arguments: ["--plain", "--port", "0", "--products", String(products)],
            environment: ChildEnvironment.clean(home: home.path),
            errorLog: home.file("server.log")
        )
        let line = await child.readLine() ?? ""
        guard line.hasPrefix("http://127.0.0.1:"), let url = URL(string: line) else {
            await child.terminate()
            let log = (try? String(contentsOfFile: home.file("server.log"), encoding: .utf8)) ?? ""
            throw StartFailure(description: "storefront-server said \(line.debugDescription) instead of its URL: \(log)")
        }
        baseURL = url
    }

    /// Ends the server and waits until it has exited; requests after this find nothing
    /// listening. Safe to call more than once.
    public func stop() async {
        await child.terminate()
    }

    /// Why the server could not be started.
    public struct StartFailure: Error, CustomStringConvertible {
        public let description: String
    }
}
