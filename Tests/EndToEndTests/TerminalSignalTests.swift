import Foundation
import TestSupport
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// A signal from outside (a closing terminal sends SIGHUP, `kill` SIGTERM, a shell's
/// job control SIGINT) while the terminal is in a changed mode must leave it exactly as
/// it was, and the process must end by that same signal, as CLI.md's 130/143 say.
@Suite(
    "Signals at the password prompt and in the live screen",
    .timeLimit(.minutes(5)),
    .serialized,
    .enabled(if: PseudoTerminal.canRun, PseudoTerminal.skipped),
    .stopsItsBackends
)
struct TerminalSignalTests {
    static let signals: [Int32] = [SIGINT, SIGTERM, SIGHUP]

    /// `storefront login` on a fresh pseudo-terminal, once its password prompt shows;
    /// `before` is the terminal's modes before the child started. Close `terminal` after.
    private func atPasswordPrompt(_ extra: [String] = []) async throws -> (terminal: PseudoTerminal, child: TerminalChild, before: TerminalModes) {
        let terminal = try PseudoTerminal()
        let before = try terminal.modes()
        let child = try TerminalChild(cli: try CLI(backend: nil, key: nil), arguments: ["login", "--username", "emilys"] + extra, terminal: terminal)
        #expect(await terminal.waitFor("Password for emilys: "))
        return (terminal, child, before)
    }

    @Test("at the hidden password prompt", arguments: signals)
    func atPasswordPrompt(signal: Int32) async throws {
        let (terminal, child, before) = try await atPasswordPrompt()
        defer { terminal.close() }

        #expect(try terminal.modes().local & tcflag_t(ECHO) == 0, "the prompt showed before echo was off")
        terminal.type("half a passw")
        let ending = await child.send(signal)

        #expect(ending == .signalled(signal))
        let after = try terminal.modes()
        #expect(after.local == before.local)
        #expect(after.input == before.input)
        #expect(after.output == before.output)
        #expect(await !terminal.finalScreen().contains("half a passw"), "the password was echoed")
    }

    @Test("Ctrl-C at the password prompt restores the terminal and ends as SIGINT, so a shell loop stops")
    func controlCAtPasswordPrompt() async throws {
        let (terminal, child, before) = try await atPasswordPrompt()
        defer { terminal.close() }

        terminal.type("secr\u{03}")

        let ending = await child.exit()
        #expect(ending == .signalled(SIGINT))
        #expect(try terminal.modes().local == before.local)
        #expect(await terminal.finalScreen().contains("Login interrupted; nothing was changed"))
    }

    @Test("Ctrl-D at the password prompt with --json ends with the JSON error object, exit 1")
    func controlDWithJSON() async throws {
        let (terminal, child, _) = try await atPasswordPrompt(["--json"])
        defer { terminal.close() }

        terminal.type("\u{04}")

        #expect(await child.exit() == .exited(1))
        let screen = await terminal.finalScreen()
        let last = screen.split(whereSeparator: \.isNewline).last.map(String.init) ?? ""
        #expect(last == #"{"error":{"code":"cancelled","message":"Login cancelled; nothing was changed."}}"#, "\(screen)")
    }

    @Test("in the search screen", arguments: signals)
    func inSearchScreen(signal: Int32) async throws {
        let (_, cli, _) = try await CLI.signedIn()
        let terminal = try PseudoTerminal()
        defer { terminal.close() }
        let before = try terminal.modes()
        let child = try TerminalChild(cli: cli, arguments: [], terminal: terminal)

        #expect(await terminal.waitFor("Search: "))
        #expect(try terminal.modes().local & tcflag_t(ICANON) == 0)
        let ending = await child.send(signal)

        #expect(ending == .signalled(signal))
        let after = try terminal.modes()
        #expect(after.local == before.local)
        #expect(after.input == before.input)
        #expect(after.output == before.output)
        #expect(await terminal.finalScreen().hasSuffix("\u{1B}[?25h\u{1B}[?1049l"), "the alternate screen was not left")
    }

    @Test("a resize (SIGWINCH) redraws the screen at the new width")
    func resizeRedraws() async throws {
        let (_, cli, _) = try await CLI.signedIn()
        let terminal = try PseudoTerminal(columns: 100, rows: 30)
        defer { terminal.close() }
        let child = try TerminalChild(cli: cli, arguments: [], terminal: terminal)
        #expect(await terminal.waitFor("Search: "))
        for key in "phone" { terminal.type(String(key)) }
        #expect(await terminal.waitFor("of 25 results"))
        let drawn = terminal.screen.count

        terminal.resize(columns: 40, rows: 30)
        // The pseudo-terminal is not the child's controlling terminal, so the kernel
        // does not send SIGWINCH itself; a terminal emulator's would.
        child.signal(SIGWINCH)
        #expect(await terminal.waitFor("\u{1B}[H", after: drawn), "no redraw after SIGWINCH")

        terminal.type("\u{03}")
        #expect(await child.exit() == .exited(0))
    }
}

/// How a child process ended.
enum ChildEnding: Equatable, Sendable {
    case exited(Int32)
    case signalled(Int32)
    case stillRunning
}

/// `storefront` on a pseudo-terminal, with a bounded wait for its end.
struct TerminalChild {
    let process: Process
    private let endings: AsyncStream<ChildEnding>

    /// - Parameter environment: set over the CLI's and `TERM=xterm` (`TERM=dumb`, say).
    init(cli: CLI, arguments: [String], terminal: PseudoTerminal, workingFolder: String? = nil, environment: [String: String] = [:]) throws {
        Self.stopIgnoringSignals()
        process = Process()
        process.executableURL = try CLI.executable()
        process.arguments = arguments
        process.currentDirectoryURL = workingFolder.map { URL(fileURLWithPath: $0) }
        process.environment = cli.environment.merging(["TERM": "xterm"]) { _, new in new }.merging(environment) { _, new in new }
        let side = terminal.childHandle
        process.standardInput = side
        process.standardOutput = side
        process.standardError = side
        let (stream, continuation) = AsyncStream.makeStream(of: ChildEnding.self)
        endings = stream
        process.terminationHandler = { finished in
            let status = finished.terminationStatus
            continuation.yield(finished.terminationReason == .uncaughtSignal ? .signalled(status) : .exited(status))
            continuation.finish()
        }
        try process.run()
    }

    /// A signal ignored at exec stays ignored in the child, and test runners are often
    /// started as background jobs, which ignore SIGINT and SIGQUIT. The child must start
    /// as it would from a terminal, so this process stops ignoring the signals the tests send.
    private static func stopIgnoringSignals() {
        for number in [SIGINT, SIGQUIT, SIGTERM, SIGHUP] {
            // signal() is the one portable way to read a disposition: set, then put back.
            let previous = Glibc.signal(number, SIG_DFL)
            if unsafeBitCast(previous, to: Int.self) != unsafeBitCast(SIG_IGN, to: Int.self) {
                Glibc.signal(number, previous)
            }
        }
    }

    func signal(_ number: Int32) {
        kill(process.processIdentifier, number)
    }

    /// Sends `number` and waits for the end.
    func send(_ number: Int32) async -> ChildEnding {
        signal(number)
        return await exit()
    }

    /// Waits for the end. No clock: the suite's time limit cancels the wait, and then the
    /// child is killed and reported as `.stillRunning` (the tests themselves never send
    /// SIGKILL), so a child that ignores its signal fails the test instead of outliving it.
    func exit() async -> ChildEnding {
        let process = process
        var iterator = endings.makeAsyncIterator()
        let ending = await withTaskCancellationHandler {
            await iterator.next()
        } onCancel: {
            kill(process.processIdentifier, SIGKILL)
        }
        return ending.map { $0 == .signalled(SIGKILL) ? .stillRunning : $0 } ?? .stillRunning
    }
}
