import Foundation
import Testing
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

/// SIGQUIT (Ctrl-\) with Swift's backtracer enabled: the runtime's handler writes its
/// report and returns, and a program that was waiting (here, for the login's answer)
/// would go on as if nothing had happened. The program ends by SIGQUIT after the report.
@Suite("SIGQUIT with the backtracer: a report, then the end", .timeLimit(.minutes(2)))
struct QuitReportTests {
    @Test("SIGQUIT while login waits for the backend: the backtracer's report, then the process ends by SIGQUIT")
    func endsAfterReport() async throws {
        // A backend that takes the login, sends SIGQUIT to the client and never answers.
        let child = SharedValue<Int32>(0)
        let server = try LoopbackHTTPServer.signalling(SIGQUIT, to: child)
        defer { server.stop() }
        let folder = try TemporaryDirectory()
        let process = Process()
        process.executableURL = try CLI.executable()
        process.arguments = ["login", "--username", "emilys", "--password-stdin"]
        process.environment = ChildEnvironment.clean(home: folder.path, [
            "STOREFRONT_BASE_URL": server.baseURL.absoluteString,
            "STOREFRONT_DATA_DIR": folder.file("data"),
            "SWIFT_BACKTRACE": "enable=yes,interactive=no,color=no",
        ])
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        let password = Pipe()
        process.standardInput = password
        let ended = AsyncStream<Void>.makeStream()
        process.terminationHandler = { _ in ended.continuation.finish() }
        try process.run()
        child.set(process.processIdentifier)
        try password.fileHandleForWriting.write(contentsOf: Data("emilyspass\n".utf8))
        try password.fileHandleForWriting.close()
        let report = try await runOffPool { String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self) }
        for await _ in ended.stream {}

        #expect(report.contains("Backtracing"), "\(report)")
        #expect(report.contains("Backtrace took"), "the report was cut short: \(report)")
        #expect(process.terminationReason == .uncaughtSignal && process.terminationStatus == SIGQUIT,
                "ended with \(process.terminationReason == .exit ? "exit" : "signal") \(process.terminationStatus)")
    }
}
