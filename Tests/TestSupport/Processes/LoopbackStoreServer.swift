import Foundation

/// The bundled backend as the program `storefront-server` (plain JSON, a loopback port
/// it picks), for test targets that may not link Backend: the repositories meet the
/// real server across a real socket, as the layer rules allow. Stopped by `stop()`,
/// or when the value goes away.
public final class LoopbackStoreServer {
    /// Where it listens, e.g. `http://127.0.0.1:41234`.
    public let baseURL: URL
    private let process: Process
    /// Its `HOME`: never the runner's.
    private let home: TemporaryDirectory

    /// Starts a server with a catalogue of `products`, and returns once it listens.
    public init(products: Int) async throws {
        home = try TemporaryDirectory()
        process = Process()
        process.executableURL = try Self.executable()
        process.arguments = ["--plain", "--port", "0", "--products", String(products)]
        process.environment = ChildEnvironment.clean(home: home.path)
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let line = try await firstOutputLine(of: process, from: output.fileHandleForReading)
        guard line.hasPrefix("http://127.0.0.1:"), let url = URL(string: line) else {
            process.terminate()
            throw StartFailure(description: "storefront-server said \(line.debugDescription) instead of its URL")
        }
        baseURL = url
    }

    deinit {
        stop()
    }

    /// Ends the server; requests after this find nothing listening.
    public func stop() {
        if process.isRunning { process.terminate() }
    }

    /// Why the server could not be started.
    public struct StartFailure: Error, CustomStringConvertible {
        public let description: String
    }

    /// The `storefront-server` that `swift test` built beside the test bundle, and no
    /// other: one found elsewhere could be stale.
    private static func executable() throws -> URL {
        let beside = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("storefront-server")
        guard FileManager.default.isExecutableFile(atPath: beside.path) else {
            throw StartFailure(description: "no storefront-server beside \(beside.path); run the tests with `swift test`")
        }
        return beside
    }
}
