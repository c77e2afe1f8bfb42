import Foundation
import Infrastructure
import TestSupport
import Testing
#if canImport(Glibc)
import Glibc
#endif

@Suite("Interactive mode in a pseudo-terminal", .serialized, .timeLimit(.minutes(5)), .stopsItsBackends)
struct InteractiveModeTests {
    @Test(
        "signs in at the prompts, searches as you type, and leaves the terminal as it found it",
        .enabled(if: PseudoTerminal.canRun, PseudoTerminal.skipped)
    )
    func interactiveSession() async throws {
        let backend = try await RunningBackend.start(key: nil)
        let folder = try TemporaryDirectory()
        let terminal = try PseudoTerminal()
        defer { terminal.close() }
        let before = try terminal.modes()

        let process = Process()
        process.executableURL = try CLI.executable()
        process.environment = [
            "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin", "HOME": folder.path, "TERM": "xterm",
            "STOREFRONT_BASE_URL": backend.url, "STOREFRONT_DATA_DIR": folder.path,
        ]
        let side = terminal.childHandle
        process.standardInput = side
        process.standardOutput = side
        process.standardError = side
        let exited = AsyncStream.makeStream(of: Int32.self)
        process.terminationHandler = { exited.continuation.yield($0.terminationStatus) }
        try process.run()

        #expect(await terminal.waitFor("Username: "))
        terminal.type("emilys\r")
        #expect(await terminal.waitFor("Password: "))
        terminal.type("emilyspass\r")
        #expect(await terminal.waitFor("Search: "))
        let signedIn = terminal.screen.count
        #expect(!terminal.screen.contains("emilyspass"), "the password was echoed")

        for key in "phone" { terminal.type(String(key)) }
        #expect(await terminal.waitFor("of 25 results", after: signedIn))
        #expect(terminal.screen.dropFirst(signedIn).contains("Smartphone") || terminal.screen.dropFirst(signedIn).contains("iPhone"))
        // 30 rows hold 25 results under the query, the gap and the header.
        #expect(await terminal.waitFor("Showing 1–25 of 25 results", after: signedIn), "the page does not fill the terminal")

        // A shorter window: the page is asked again at its height. The terminal is not
        // the child's controlling one, so the test sends the SIGWINCH a resize would.
        let beforeResize = terminal.screen.count
        terminal.resize(columns: 100, rows: 20)
        kill(process.processIdentifier, SIGWINCH)
        #expect(await terminal.waitFor("Showing 1–15 of 25 results", after: beforeResize), "the page did not follow the resize")
        let firstQuery = terminal.screen.count

        for _ in 0..<5 { terminal.type("\u{7F}") }
        for key in "laptop" { terminal.type(String(key)) }
        #expect(await terminal.waitFor("results", after: firstQuery))
        let laptops = String(terminal.screen.dropFirst(firstQuery))
        #expect(["MacBook", "ZenBook", "ThinkPad", "XPS", "MateBook", "Yoga"].contains { laptops.contains($0) })

        terminal.type("\u{03}") // Ctrl-C
        // Bounded by the suite's time limit, whose cancellation ends the child: one that
        // ignores Ctrl-C fails the test instead of hanging it, and a slow one is waited for.
        var statuses = exited.stream.makeAsyncIterator()
        let status = await withTaskCancellationHandler {
            await statuses.next()
        } onCancel: {
            process.terminate()
        }
        let after = try terminal.modes()

        #expect(status == 0)
        #expect(after.local == before.local)
        #expect(after.input == before.input)
        #expect(after.output == before.output)
        #expect(after.local & tcflag_t(ECHO) != 0)
        let screen = await terminal.finalScreen()
        #expect(screen.hasSuffix("\u{1B}[?1049l") || screen.contains("\u{1B}[?25h\u{1B}[?1049l"))
    }

    @Test("without a terminal, the bare command prints a hint and exits 64")
    func noTerminal() async throws {
        let result = try await CLI(backend: nil, key: nil).run([])
        #expect(result.status == 64)
        #expect(result.standardError.contains("storefront --help"))
    }
}
