import Foundation
import TestSupport
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// What `scripts/install --prefix DIR` put in place, used as a person would: the
/// command on the PATH, its manual page read by `man`, its bash completion asked for
/// `se<TAB>`, the libraries it loads, and `--uninstall` removing exactly what was
/// installed. It needs an installed prefix (a release build takes minutes), so it runs
/// when `STOREFRONT_INSTALLED_PREFIX` names one, as CI does; in CI its absence fails.
@Suite("The installed command", .timeLimit(.minutes(2)))
struct InstalledCommandTests {
    static let prefix = ProcessInfo.processInfo.environment["STOREFRONT_INSTALLED_PREFIX"] ?? ""
    static let shouldRun = !prefix.isEmpty || ProcessInfo.processInfo.environment["CI"] != nil
    static let skipped: Comment = "skipped: STOREFRONT_INSTALLED_PREFIX is not set (scripts/install --prefix DIR, then set it to DIR)"

    static func installed(_ relative: String) -> String { (prefix as NSString).appendingPathComponent(relative) }

    @Test("bin/storefront runs, and loads no libcurl and no FoundationNetworking", .enabled(if: shouldRun, skipped))
    func binaryRuns() async throws {
        let version = try await Self.run(Self.installed("bin/storefront"), ["--version"])
        #expect(version.status == 0, "\(version.output)")
        #expect(!version.output.isEmpty)

        let libraries = try await Self.run("/usr/bin/ldd", [Self.installed("bin/storefront")])
        #expect(libraries.status == 0, "\(libraries.output)")
        #expect(!libraries.output.contains("libcurl"), "\(libraries.output)")
        #expect(!libraries.output.contains("FoundationNetworking"), "\(libraries.output)")
        // The Swift runtime is linked in: no libswiftCore to map at each start.
        #expect(!libraries.output.contains("libswiftCore"), "\(libraries.output)")
    }

    /// The installed binary is the default build, which carries no URLSession adapter
    /// (nor libcurl): asking for it is a start-up refusal that says how to build it in,
    /// not a crash or a silent fallback. The test build carries both adapters.
    @Test("without the URLSessionTransport trait, STOREFRONT_TRANSPORT=urlsession is refused with 78", .enabled(if: shouldRun, skipped))
    func urlSessionNotBuiltIn() async throws {
        let folder = try TemporaryDirectory()
        let search = try await Self.run(Self.installed("bin/storefront"), ["search", "phone"], extra: [
            "STOREFRONT_DATA_DIR": folder.path,
            "STOREFRONT_TRANSPORT": "urlsession",
        ])

        #expect(search.status == 78, "\(search.output)")
        #expect(search.output.contains("built without that adapter"), "\(search.output)")
        #expect(search.output.contains("--traits URLSessionTransport"), "\(search.output)")
    }

    /// The client imports FoundationEssentials, never all of Foundation: one use of a
    /// class outside it (`Thread`, `Process`, `DateFormatter`) links Foundation, its
    /// internationalization and ICU's 34 MB of locale data into the binary. Their names
    /// are in the bytes of any binary that has them, symbol table or not.
    @Test("bin/storefront carries no ICU data and no FoundationInternationalization", .enabled(if: shouldRun, skipped))
    func noFullFoundation() async throws {
        let found = try await Self.run("/bin/grep", ["-a", "-c", "-e", "icudt", "-e", "FoundationInternationalization", Self.installed("bin/storefront")])
        #expect(found.status == 1, "grep found them: \(found.output)")
        #expect(found.output == "0\n")
    }

    /// `demo` runs the backend as `storefront-server`, found beside `storefront`: an
    /// install that left it out, or put it elsewhere, fails here.
    @Test("the installed demo finds the installed backend and every step succeeds", .enabled(if: shouldRun, skipped))
    func demoRuns() async throws {
        let demo = try await Self.run(Self.installed("bin/storefront"), ["demo", "--json"])
        #expect(demo.status == 0, "\(demo.output)")
        let line = try #require(demo.output.split(separator: "\n").last { $0.hasPrefix("{") }, "\(demo.output)")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        #expect(document["succeeded"] as? Bool == true, "\(demo.output)")
    }

    @Test("man -l reads the installed manual page", .enabled(if: shouldRun, skipped))
    func manualReads() async throws {
        let page = try await Self.run("/usr/bin/man", ["-l", Self.installed("share/man/man1/storefront.1")], extra: ["MANPAGER": "cat", "MANWIDTH": "80"])
        #expect(page.status == 0, "\(page.output)")
        #expect(page.output.contains("storefront"))
        #expect(page.output.contains("docs/CLI.md"))
    }

    @Test("the installed bash completion offers search and serve for storefront se<TAB>", .enabled(if: shouldRun, skipped))
    func bashCompletes() async throws {
        let script = Self.installed("share/bash-completion/completions/storefront")
        let program = """
            source '\(script)'
            COMP_LINE='storefront se'; COMP_POINT=${#COMP_LINE}; COMP_WORDS=('storefront' 'se'); COMP_CWORD=1
            _storefront storefront 'se' 'storefront'
            printf '%s\\n' "${COMPREPLY[@]}"
            """
        let offered = try await Self.run("/bin/bash", ["--noprofile", "--norc", "-c", program])
        #expect(offered.status == 0, "\(offered.output)")
        #expect(offered.output.split(separator: "\n").contains("search"), "\(offered.output)")
        #expect(FileManager.default.fileExists(atPath: Self.installed("share/zsh/site-functions/_storefront")))
        #expect(FileManager.default.fileExists(atPath: Self.installed("share/fish/vendor_completions.d/storefront.fish")))
    }

    /// The symbol table lives in `bin/.debug/storefront.debug`, named by the program's
    /// `.gnu_debuglink`: a crash report must still name functions. SIGQUIT (sent by the
    /// backend the moment the login arrives) makes Swift's crash handler print one; the
    /// backtracer is the toolchain's, which a static program cannot find by itself.
    @Test("a backtrace of bin/storefront names its functions from bin/.debug", .enabled(if: shouldRun, skipped))
    func backtraceNamesFunctions() async throws {
        let backtracer = try #require(Self.toolchainBacktracer(), "no swift-backtrace-static beside the swift on PATH")
        let folder = try TemporaryDirectory()
        // The report ends with "Backtrace took"; then the program ends by SIGQUIT
        // (`storefront_end_after_quit_report`) rather than go on waiting for the login.
        let login = try await QuitDuringLogin(program: URL(fileURLWithPath: Self.installed("bin/storefront")), environment: [
            "PATH": "/usr/bin:/bin",
            "STOREFRONT_DATA_DIR": folder.path,
            "SWIFT_BACKTRACE": "enable=yes,interactive=no,color=no,swift-backtrace=\(backtracer)",
        ])
        #expect(login.endedBySIGQUIT, "ended with \(login.status), not by SIGQUIT")

        let text = login.report
        #expect(text.contains("Backtracing"), "\(text)")
        #expect(text.contains("_dispatch_sig_thread"), "\(text)")
        #expect(!text.contains("<unknown> in storefront"), "\(text)")
    }

    /// `swift-backtrace-static` of the toolchain whose `swift` is first on PATH.
    static func toolchainBacktracer() -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        for folder in path.split(separator: ":") {
            let swift = URL(fileURLWithPath: String(folder)).appendingPathComponent("swift")
            guard FileManager.default.isExecutableFile(atPath: swift.path) else { continue }
            let backtracer = swift.resolvingSymlinksInPath().deletingLastPathComponent()
                .appendingPathComponent("../libexec/swift/linux/swift-backtrace-static").standardizedFileURL.path
            return FileManager.default.isExecutableFile(atPath: backtracer) ? backtracer : nil
        }
        return nil
    }

    /// On a copy of the prefix, with a file of someone else's beside ours: the uninstall
    /// takes ours and leaves theirs.
    @Test("--uninstall removes exactly what was installed", .enabled(if: shouldRun, skipped))
    func uninstallRemovesOnlyOurs() async throws {
        let copy = try TemporaryDirectory()
        let copied = try await Self.run("/bin/cp", ["-a", Self.prefix + "/.", copy.path])
        #expect(copied.status == 0, "\(copied.output)")
        try "not ours".write(toFile: copy.file("bin/other-tool"), atomically: true, encoding: .utf8)
        let listed = try String(contentsOfFile: copy.file("share/storefront/installed-files"), encoding: .utf8)
            .split(separator: "\n").map(String.init)
        #expect(listed.count == 8)

        let script = RepositoryFolder.root.appendingPathComponent("scripts/install").path
        let removed = try await Self.run(script, ["--prefix", copy.path, "--uninstall"])

        #expect(removed.status == 0, "\(removed.output)")
        for relative in listed {
            #expect(!FileManager.default.fileExists(atPath: copy.file(relative)), "\(relative) is still there")
        }
        #expect(!FileManager.default.fileExists(atPath: copy.file("share/storefront/installed-files")))
        #expect(FileManager.default.fileExists(atPath: copy.file("bin/other-tool")))
    }

    /// Runs `executable` with only `PATH` (and `extra`) in its environment; its exit
    /// status and everything it wrote.
    static func run(_ executable: String, _ arguments: [String], extra: [String: String] = [:]) async throws -> (status: Int32, output: String) {
        let environment = ["PATH": installed("bin") + ":/usr/bin:/bin"].merging(extra) { $1 }
        let child = try await ChildProcess.run(executable, arguments: arguments, environment: environment)
        return (child.status, child.everything)
    }
}
