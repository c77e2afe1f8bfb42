import Foundation
import TestSupport
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// Colour and the spinner where a person watches a terminal, and not one escape byte
/// anywhere else: piped, with `NO_COLOR`, with `TERM=dumb`.
@Suite(
    "Colour and the spinner on a terminal, none elsewhere",
    .timeLimit(.minutes(5)),
    .serialized,
    .enabled(if: PseudoTerminal.canRun, PseudoTerminal.skipped),
    .stopsItsBackends
)
struct ColourTests {
    static let escape = "\u{1B}"

    /// A store that signs emilys in at once and holds every search until the test
    /// releases it by writing a byte to `release`: a slow backend with no timer.
    final class SlowStore: Sendable {
        let server: LoopbackHTTPServer
        private let releaseRead: Int32
        private let releaseWrite: Int32

        init() throws {
            var ends: [Int32] = [0, 0]
            guard pipe(&ends) == 0 else { throw CLI.Failure(description: "no pipe") }
            let (readEnd, writeEnd) = (ends[0], ends[1])
            releaseRead = readEnd
            releaseWrite = writeEnd
            server = try LoopbackHTTPServer { request in
                let json = ["Content-Type": "application/json"]
                if request.target.hasPrefix("/auth/login") {
                    return .respond(status: 200, headers: json, body: Array(Self.login.utf8))
                }
                var byte: UInt8 = 0
                _ = read(readEnd, &byte, 1)
                return .respond(status: 200, headers: json, body: Array(Self.page.utf8))
            }
        }

        /// Returns once a search has reached the store (and is held there); the suite's
        /// time limit, whose cancellation ends the wait, keeps a broken build from hanging.
        func searchArrived() async -> Bool {
            for await event in server.eventStream where event == "request" {
                if server.requests.contains(where: { $0.target.hasPrefix("/auth/products/search") }) { return true }
            }
            return false
        }

        /// Lets one held search answer.
        func release() {
            var byte = UInt8(ascii: "x")
            _ = write(releaseWrite, &byte, 1)
        }

        func stop() {
            server.stop()
            close(releaseRead)
            close(releaseWrite)
        }

        static let login = #"{"id":1,"username":"emilys","email":"emily@example.com","firstName":"Emily","lastName":"Johnson","accessToken":"access","refreshToken":"refresh"}"#
        static let page = #"{"products":[{"id":7,"title":"A phone with a rather long title that a narrow terminal cuts","description":"d","category":"smartphones","price":549.99,"rating":4.69,"stock":94,"brand":"Apple"}],"total":1,"skip":0,"limit":1}"#
    }

    /// A CLI signed in to `store`, in plain mode.
    private func signedIn(to store: SlowStore) async throws -> CLI {
        var cli = try CLI(backend: nil, key: nil)
        cli.environment["STOREFRONT_BASE_URL"] = store.server.baseURL.absoluteString
        let login = try await cli.run(["login", "--username", "emilys", "--password-stdin"], input: "emilyspass\n")
        #expect(login.status == 0, "\(login.everything)")
        return cli
    }

    @Test("a slow search shows a spinner on the terminal, cleared before the coloured table, which fits the width")
    func spinnerThenColour() async throws {
        let store = try SlowStore()
        defer { store.stop() }
        let cli = try await signedIn(to: store)
        let terminal = try PseudoTerminal(columns: 50, rows: 20)
        defer { terminal.close() }

        let child = try TerminalChild(cli: cli, arguments: ["search", "phone"], terminal: terminal)
        #expect(await terminal.waitFor("Searching…"), "no spinner while the store was silent: \(terminal.screen.debugDescription)")
        store.release()
        #expect(await terminal.waitFor("Showing 1–1 of 1 result"))
        #expect(await child.exit() == .exited(0))

        let screen = await terminal.finalScreen()
        let spinner = try #require(screen.range(of: "Searching…"))
        let heading = try #require(screen.range(of: "\(Self.escape)[1mID"), "the heading is not bold: \(screen.debugDescription)")
        #expect(spinner.upperBound <= heading.lowerBound)
        // The spinner's line is cleared (CR, erase line) after its last frame, before the table.
        let cleared = try #require(screen.range(of: "\r\(Self.escape)[K", options: .backwards, range: spinner.upperBound..<heading.lowerBound))
        #expect(!screen[cleared.upperBound..<heading.lowerBound].contains("Searching"))
        #expect(screen.contains("\(Self.escape)[32m$549.99\(Self.escape)[0m"), "the price is not green")
        // 50 columns leave the title 15 (the other columns and their gaps take 35).
        #expect(screen.contains("  A phone with a…  Apple  "), "the title was not cut to the 50 columns")
    }

    @Test("on a terminal with NO_COLOR or TERM=dumb: no spinner, no colour, not one escape byte", arguments: [
        ["NO_COLOR": "1"], ["TERM": "dumb"],
    ])
    func undecoratedTerminal(environment: [String: String]) async throws {
        let store = try SlowStore()
        defer { store.stop() }
        let cli = try await signedIn(to: store)
        let terminal = try PseudoTerminal(columns: 100, rows: 20)
        defer { terminal.close() }

        let child = try TerminalChild(cli: cli, arguments: ["search", "phone"], terminal: terminal, environment: environment)
        // The store holds the search; with no spinner to wait for, the server says when
        // it has the request. It is released only after 400 ms in which the spinner (due
        // at 150 ms) did not appear: an absence can only be seen over time, and a held
        // answer is what makes the wait long enough for a broken rule to show.
        #expect(await store.searchArrived())
        #expect(await !terminal.waitFor("Searching…", limit: .milliseconds(400)), "a spinner despite \(environment)")
        store.release()
        #expect(await terminal.waitFor("Showing 1–1 of 1 result"))
        #expect(await child.exit() == .exited(0))
        let screen = await terminal.finalScreen()
        #expect(!screen.contains(Self.escape), "\(screen.debugDescription)")
        #expect(!screen.contains("Searching…"))
    }

    /// Every command as a person runs it, read from the binary's own help so a new one
    /// is run with no line added here: each with `--help`; bare, its required arguments
    /// given a sample (`samples`); and with `--json` where it takes it. `serve` runs
    /// until stopped (`serveWhenPiped` runs it); `logout` ends the session everything
    /// else here uses, so `afterTheBackend` runs it. Then the errors and edges below.
    static func commands() async throws -> [[String]] {
        let afterwards: Set = ["serve", "logout"]
        var rows: [[String]] = [["--help"], ["--version"]]
        for subcommand in try await CommandListsTests.subcommands() {
            let name = try #require(subcommand["commandName"] as? String)
            let path = try #require(subcommand["path"] as? [String])
            rows.append(path + ["--help"])
            guard !afterwards.contains(name) else { continue }
            let arguments = subcommand["arguments"] as? [[String: Any]] ?? []
            let names = arguments.flatMap { ($0["names"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String } }
            var bare = path
            for argument in arguments where argument["isOptional"] as? Bool == false {
                let valueName = try #require(argument["valueName"] as? String)
                let sample = try #require(samples[valueName], "ColourTests.samples has no value for <\(valueName)> (storefront \(name))")
                let option = (argument["names"] as? [[String: Any]])?.first?["name"] as? String
                bare += argument["kind"] as? String == "positional" ? [sample] : ["--\(option ?? valueName)", sample]
            }
            // A secret is read from the input each run gives, not from a prompt.
            if names.contains("password-stdin") { bare.append("--password-stdin") }
            rows.append(bare)
            if names.contains("json") { rows.append(bare + ["--json"]) }
        }
        return rows + errorsAndEdges
    }

    /// A value for each required argument, by the name its help gives it.
    static let samples = ["query": "phone", "id": "1", "slug": "laptops", "name": "emilys"]

    /// The ways a command fails or reads differently, each with its own sentence.
    static let errorsAndEdges: [[String]] = [
        ["search", "phone", "--offline"], ["search", ""], ["search", "phone", "--limit", "0"], ["serch", "phone"],
        ["product", "99999"], ["category", "no-such-thing"],
        ["login", "--username", "emilys", "--password-stdin", "--json", "--limit", "3"],
    ]

    /// Then, with the backend stopped: offline answers and errors, and signed out.
    static let afterTheBackend: [([String], Int32)] = [
        (["search", "phone"], 0), (["search", "tablet"], 69), (["search", "tablet", "--json"], 69),
        (["logout"], 0), (["whoami"], 77), (["search", "phone"], 77), (["logout", "--json"], 0),
    ]

    @Test("piped, or with NO_COLOR on, no command writes an escape byte, errors included", arguments: [
        [:], ["NO_COLOR": "1"],
    ])
    func noEscapeWhenPiped(extra: [String: String]) async throws {
        let (backend, signedIn, _) = try await CLI.signedIn()
        var cli = signedIn
        // A terminal type that would allow colour: only the pipe (or NO_COLOR) stops it.
        cli.environment["TERM"] = "xterm-256color"
        cli.environment.merge(extra) { _, new in new }

        for arguments in try await Self.commands() {
            let result = try await cli.run(arguments, input: "emilyspass\n")

            #expect(!result.everything.contains(Self.escape), "\(arguments) wrote an escape: \(result.everything.debugDescription)")
        }
        await backend.stop()
        for (arguments, status) in Self.afterTheBackend {
            let result = try await cli.run(arguments)
            #expect(result.status == status, "\(arguments): \(result.everything)")
            #expect(!result.everything.contains(Self.escape), "\(arguments) wrote an escape: \(result.everything.debugDescription)")
        }
    }

    @Test("serve, piped, writes no escape byte either, its indexing line included", arguments: [
        [:], ["NO_COLOR": "1"],
    ])
    func serveWhenPiped(extra: [String: String]) async throws {
        let folder = try TemporaryDirectory()
        let errors = URL(fileURLWithPath: folder.path).appendingPathComponent("stderr")
        try Data().write(to: errors)
        let process = Process()
        process.executableURL = try CLI.executable()
        process.arguments = ["serve", "--port", "0", "--plain", "--products", "100000"]
        process.environment = ["PATH": "/usr/bin:/bin", "HOME": folder.path, "TERM": "xterm-256color"].merging(extra) { _, new in new }
        let output = Pipe()
        process.standardOutput = output
        process.standardError = try FileHandle(forWritingTo: errors)
        let ended = AsyncStream.makeStream(of: Int32.self)
        process.terminationHandler = { ended.continuation.yield($0.terminationStatus) }
        try process.run()
        let firstLine = try await firstOutputLine(of: process, from: output.fileHandleForReading)
        kill(process.processIdentifier, SIGINT)
        var statuses = ended.stream.makeAsyncIterator()
        #expect(await statuses.next() == 0)

        let diagnostics = try String(contentsOf: errors, encoding: .utf8)
        #expect(firstLine.hasPrefix("http://127.0.0.1:"))
        #expect(diagnostics.contains("Indexing 100,000 products"))
        #expect(!(firstLine + diagnostics).contains(Self.escape), "\((firstLine + diagnostics).debugDescription)")
    }

    /// Runs `storefront arguments…` with standard output and error on a fresh terminal
    /// and `input` on standard input; what the terminal showed, once all of it arrived.
    private func onTerminal(_ cli: CLI, _ arguments: [String], input: String, environment: [String: String]) async throws -> (status: Int32, screen: String) {
        let terminal = try PseudoTerminal()
        defer { terminal.close() }
        let folder = try TemporaryDirectory()
        let stdin = URL(fileURLWithPath: folder.path).appendingPathComponent("stdin")
        try Data(input.utf8).write(to: stdin)
        let process = Process()
        process.executableURL = try CLI.executable()
        process.arguments = arguments
        process.environment = cli.environment.merging(["TERM": "xterm-256color"]) { _, new in new }.merging(environment) { _, new in new }
        process.standardInput = try FileHandle(forReadingFrom: stdin)
        process.standardOutput = terminal.childHandle
        process.standardError = terminal.childHandle
        let status = try await process.runUntilExit()
        return (status, await terminal.finalScreen())
    }

    @Test("on a terminal with NO_COLOR=1, no command writes an escape byte, errors included")
    func noEscapeWithNoColourOnATerminal() async throws {
        let (backend, cli, _) = try await CLI.signedIn()
        // The control: without NO_COLOR the same terminal shows colour, so an absence below means something.
        let coloured = try await onTerminal(cli, ["search", "phone"], input: "", environment: [:])
        #expect(coloured.screen.contains(Self.escape), "\(coloured.screen.debugDescription)")

        for arguments in try await Self.commands() {
            let result = try await onTerminal(cli, arguments, input: "emilyspass\n", environment: ["NO_COLOR": "1"])
            #expect(!result.screen.contains(Self.escape), "\(arguments) wrote an escape: \(result.screen.debugDescription)")
        }
        await backend.stop()
        for (arguments, status) in Self.afterTheBackend {
            let result = try await onTerminal(cli, arguments, input: "", environment: ["NO_COLOR": "1"])
            #expect(result.status == status, "\(arguments): \(result.screen)")
            #expect(!result.screen.contains(Self.escape), "\(arguments) wrote an escape: \(result.screen.debugDescription)")
        }
    }

    @Test("serve on a terminal shows the index being built, with counts, then its URL")
    func serveProgress() async throws {
        let terminal = try PseudoTerminal()
        defer { terminal.close() }
        let folder = try TemporaryDirectory()
        var cli = try CLI(backend: nil, key: nil, dataDirectory: folder.path)
        cli.environment["TERM"] = "xterm"
        let child = try TerminalChild(cli: cli, arguments: ["serve", "--port", "0", "--plain", "--products", "100000"], terminal: terminal)

        #expect(await terminal.waitFor("Indexing the catalogue: "), "\(terminal.screen.debugDescription)")
        #expect(await terminal.waitFor("http://127.0.0.1:"))
        #expect(await child.send(SIGINT) == .exited(0))
        let screen = await terminal.finalScreen()
        #expect(screen.contains(" of 100,000 products…"))
        let url = try #require(screen.range(of: "http://127.0.0.1:"))
        let lastFrame = try #require(screen.range(of: "Indexing the catalogue: ", options: .backwards))
        #expect(lastFrame.upperBound < url.lowerBound, "a frame after the URL")
        #expect(screen[lastFrame.upperBound..<url.lowerBound].contains("\r\u{1B}[K"), "the progress line was not cleared")
    }
}
