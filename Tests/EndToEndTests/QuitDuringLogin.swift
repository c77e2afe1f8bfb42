import Foundation
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

/// `program login --username emilys --password-stdin` against a backend that sends the
/// client SIGQUIT the moment the login arrives and never answers, read to its end: what
/// it wrote to standard error (a backtracer's report, when `environment` enables one)
/// and how it ended.
struct QuitDuringLogin {
    let report: String
    let endedBySIGQUIT: Bool
    let status: Int32

    init(program: URL, environment: [String: String]) async throws {
        let child = SharedValue<Int32>(0)
        let server = try LoopbackHTTPServer.signalling(SIGQUIT, to: child)
        defer { server.stop() }
        let process = Process()
        process.executableURL = program
        process.arguments = ["login", "--username", "emilys", "--password-stdin"]
        process.environment = environment.merging(["STOREFRONT_BASE_URL": server.baseURL.absoluteString]) { _, backend in backend }
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        let password = Pipe()
        process.standardInput = password
        let ended = AsyncStream<Void>.makeStream()
        process.terminationHandler = { _ in ended.continuation.finish() }
        try process.run()
        // Known before the login is sent, so the backend can signal the child.
        child.set(process.processIdentifier)
        try password.fileHandleForWriting.write(contentsOf: Data("emilyspass\n".utf8))
        try password.fileHandleForWriting.close()
        // To its end: the program's, or its login deadline's (15 s) if SIGQUIT did not end it.
        report = try await runOffPool { String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self) }
        for await _ in ended.stream {}
        endedBySIGQUIT = process.terminationReason == .uncaughtSignal && process.terminationStatus == SIGQUIT
        status = process.terminationStatus
    }
}
