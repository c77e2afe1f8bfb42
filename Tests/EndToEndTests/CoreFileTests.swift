import Foundation
import Infrastructure
import TestSupport
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// A crash while a password and a key are in memory must not put them on disk.
@Suite("A crash during login writes no core file", .serialized, .timeLimit(.minutes(5)))
struct CoreFileTests {
    /// Core files land in the working folder only when core_pattern is a plain file
    /// name and the hard limit allows one; elsewhere this test could not fail, so it is off.
    static var machineWritesCoreFiles: Bool {
        let pattern = (try? String(contentsOfFile: "/proc/sys/kernel/core_pattern", encoding: .utf8)) ?? "|"
        var limit = rlimit()
        getrlimit(RLIMIT_CORE_VALUE, &limit)
        return !pattern.hasPrefix("|") && !pattern.contains("/") && limit.rlim_max > 1 << 20
    }

    @Test(
        "SIGQUIT while login waits for the backend: no core file, so no password on disk",
        .enabled(if: machineWritesCoreFiles && PseudoTerminal.canRun, "skipped: this machine writes no core files to the working folder (the client's own guard is tested everywhere by StartupRefusalTests)")
    )
    func crashDuringLogin() async throws {
        // A backend that takes the login and never answers: the password is in memory.
        // It sends SIGQUIT itself the moment the login arrives, so on a loaded machine
        // the client's 15 s deadline cannot end the login first (it did, exiting 69).
        let child = SharedValue<Int32>(0)
        let server = try LoopbackHTTPServer.signalling(SIGQUIT, to: child)
        defer { server.stop() }
        let folder = try TemporaryDirectory()
        let key = try GatewayKey.fresh()
        var cli = try CLI(backend: nil, key: nil)
        cli.environment["STOREFRONT_BASE_URL"] = server.baseURL.absoluteString
        // Swift's crash handler catches SIGQUIT, prints a backtrace and (on a terminal)
        // waits for a key; off, the kernel's default action decides: a core file or not.
        cli.environment["SWIFT_BACKTRACE"] = "enable=no"
        let terminal = try PseudoTerminal()
        defer { terminal.close() }

        // The child inherits the limit at fork: raise ours only around the start, so the
        // test runner itself never writes a core into the repository.
        var limit = rlimit()
        getrlimit(RLIMIT_CORE_VALUE, &limit)
        let original = limit
        limit.rlim_cur = limit.rlim_max
        setrlimit(RLIMIT_CORE_VALUE, &limit)
        let login = try TerminalChild(
            cli: cli,
            arguments: ["login", "--username", "emilys", "--ohttp-keys-file", key.configurationFile],
            terminal: terminal,
            workingFolder: folder.path
        )
        var restored = original
        setrlimit(RLIMIT_CORE_VALUE, &restored)
        child.set(login.process.processIdentifier)

        #expect(await terminal.waitFor("Password for emilys: "))
        terminal.type("correct-horse-battery\r")
        #expect(await server.eventStream.first { $0 == "request" } != nil)
        let ending = await login.exit()

        #expect(ending == .signalled(SIGQUIT), "\(terminal.screen)")
        let cores = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasPrefix("core") }
        for core in cores {
            let contents = try Data(contentsOf: URL(fileURLWithPath: folder.file(core)))
            #expect(contents.range(of: Data("correct-horse-battery".utf8)) == nil, "the password is in \(core)")
        }
        #expect(cores.isEmpty, "a core file was written: \(cores)")
    }
}

/// Glibc imports RLIMIT_CORE as an enum case on some toolchains and an Int32 on others.
private let RLIMIT_CORE_VALUE = __rlimit_resource_t(RLIMIT_CORE.rawValue)

