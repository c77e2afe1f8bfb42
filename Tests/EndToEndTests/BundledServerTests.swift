import AppShared
import Backend
import Foundation
import TestSupport
import Testing

/// `serve` and `demo` run the backend as `storefront-server`, a program beside
/// `storefront`: what happens when it is missing, and that the demo's backend never
/// outlives the demo.
@Suite("The bundled backend is a program of its own", .timeLimit(.minutes(2)))
struct BundledServerTests {
    /// The client checks `--products` without linking the backend, so it keeps its own
    /// copy of the bound.
    @Test("serve's --products bound is the backend's")
    func productBoundAgrees() {
        #expect(ServeOptions.maximumProductCount == StoreServerConfiguration.maximumProductCount)
    }

    /// A `storefront` copied somewhere alone, as a person might copy it into `~/bin`.
    @Test("without storefront-server beside it, serve and demo exit 78 saying what is missing", arguments: [["serve", "--port", "0"], ["demo"]])
    func missingServer(arguments: [String]) async throws {
        let folder = try TemporaryDirectory()

        let (status, said) = try await Self.runCopiedStorefront(in: folder, arguments)

        #expect(status == 78, "\(said)")
        #expect(said.contains(folder.file("storefront-server")), "\(said)")
        #expect(said.contains("scripts/install"), "\(said)")
    }

    /// A server beside `storefront` that fails before it listens, as one would on a
    /// machine where it cannot start: the demo says so with the server's own last word
    /// and exits 78. The stand-in is a shell script.
    @Test("a backend that ends before it listens makes the demo exit 78 with the backend's reason", arguments: [
        "echo 'storefront-server: the payload key could not be written' >&2; exit 78",
        "printf 'http://127.0.0.1:' ; echo 'storefront-server: stopped half-way' >&2; exit 1",
    ])
    func serverFailsToStart(script: String) async throws {
        let folder = try TemporaryDirectory()
        try "#!/bin/sh\n\(script)\n".write(toFile: folder.file("storefront-server"), atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder.file("storefront-server"))

        let (status, said) = try await Self.runCopiedStorefront(in: folder, ["demo"])

        let reason = script.contains("payload key") ? "the payload key could not be written" : "stopped half-way"
        #expect(status == 78, "\(said)")
        #expect(said.contains("The demo backend did not start listening: storefront-server: \(reason)."), "\(said)")
    }

    /// The demo's standard output is a pipe the test has filled, so the demo blocks on
    /// its first line, which it writes once its backend listens: the backend is there
    /// to be found however slow the machine. The demo is then killed outright, so no
    /// handler of its own runs, and only the lifeline (the backend's standard input,
    /// which the kernel closes with the demo) can stop the backend.
    @Test("a demo killed by SIGKILL takes its backend with it")
    func backendEndsWithDemo() async throws {
        let folder = try TemporaryDirectory()
        let output = Pipe()
        let capacity = fcntl(output.fileHandleForWriting.fileDescriptor, Self.setPipeSize, Int32(4096))
        try #require(capacity > 0)
        output.fileHandleForWriting.write(Data(repeating: 0x2E, count: Int(capacity)))
        let demo = Process()
        demo.executableURL = try CLI.executable()
        demo.arguments = ["demo"]
        demo.environment = ChildEnvironment.clean(home: folder.path, ["TMPDIR": folder.path])
        demo.standardOutput = output
        demo.standardError = FileHandle.nullDevice
        demo.standardInput = FileHandle.nullDevice
        try demo.run()
        defer { demo.terminate() }

        // Polled, not timed: a loaded machine may take long to start the backend or to
        // end it, and only the suite's time limit (which cancels the sleeps) gives up.
        var server: pid_t?
        while server == nil {
            server = Self.children(of: demo.processIdentifier).first { Self.program(of: $0).hasSuffix("/storefront-server") }
            try #require(demo.isRunning || server != nil, "the demo ended without starting a storefront-server")
            if server == nil { try await Task.sleep(for: .milliseconds(10)) }
        }
        let backend = try #require(server, "the demo started no storefront-server")
        #expect(Self.isRunning(backend))
        kill(demo.processIdentifier, SIGKILL)

        var outlived = Self.isRunning(backend)
        while outlived {
            do {
                try await Task.sleep(for: .milliseconds(10))
            } catch {
                break
            }
            outlived = Self.isRunning(backend)
        }
        if outlived { kill(backend, SIGKILL) }
        #expect(!outlived, "storefront-server \(backend) outlived its demo")
    }

    /// `storefront serve` forbids core files before it becomes the server, but the
    /// server can be started on its own, holding a key all the same.
    @Test("storefront-server started on its own forbids core files too")
    func serverForbidsCoreFiles() async throws {
        let folder = try TemporaryDirectory()
        let server = Process()
        server.executableURL = try CLI.executable().deletingLastPathComponent().appendingPathComponent("storefront-server")
        server.arguments = ["--port", "0", "--data-dir", folder.path]
        server.environment = ChildEnvironment.clean(home: folder.path)
        let output = Pipe()
        server.standardOutput = output
        server.standardError = FileHandle.nullDevice
        server.standardInput = FileHandle.nullDevice
        try server.run()
        defer { server.terminate() }
        // Its first line says it listens: by then main() has run.
        let first = try await firstOutputLine(of: server, from: output.fileHandleForReading)
        #expect(first.hasPrefix("http://127.0.0.1:"), "\(first)")

        let limits = try String(contentsOfFile: "/proc/\(server.processIdentifier)/limits", encoding: .utf8)
        let core = limits.split(separator: "\n").first { $0.hasPrefix("Max core file size") }.map(String.init) ?? ""

        // Soft and hard limit both 0: the test runner's own soft limit may be 0 already.
        #expect(core.split(separator: " ").dropFirst(4).prefix(2) == ["0", "0"], "\(core)")
    }

    /// Copies the built `storefront` into `folder` and runs it there with `arguments`,
    /// its home and temporary folder that folder too; its exit status and standard error.
    static func runCopiedStorefront(in folder: TemporaryDirectory, _ arguments: [String]) async throws -> (status: Int32, standardError: String) {
        try FileManager.default.copyItem(atPath: try CLI.executable().path, toPath: folder.file("storefront"))
        let child = try await ChildProcess.run(
            folder.file("storefront"), arguments: arguments, environment: ChildEnvironment.clean(home: folder.path, ["TMPDIR": folder.path])
        )
        return (child.status, child.standardError)
    }

    /// The processes `parent` started, from each of its threads' `children` list.
    static func children(of parent: pid_t) -> [pid_t] {
        let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(parent)/task")) ?? []
        return tasks.flatMap { task in
            ((try? String(contentsOfFile: "/proc/\(parent)/task/\(task)/children", encoding: .utf8)) ?? "")
                .split(separator: " ").compactMap { pid_t($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
        }
    }

    /// F_SETPIPE_SZ, which Swift's Glibc module leaves out (it needs _GNU_SOURCE).
    static let setPipeSize: Int32 = 1031

    /// The program a process runs, as its first argument names it (Foundation's
    /// `Process` passes the whole path); before its `exec`, its parent's.
    static func program(of process: pid_t) -> String {
        let bytes = (try? Data(contentsOf: URL(fileURLWithPath: "/proc/\(process)/cmdline"))) ?? Data()
        return String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
    }

    /// Alive and not a zombie (an ended process whose new parent has not reaped it yet).
    static func isRunning(_ process: pid_t) -> Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(process)/stat", encoding: .utf8),
              let end = stat.lastIndex(of: ")") else { return false }
        let state = stat[stat.index(after: end)...].split(separator: " ").first
        return state != "Z" && state != "X"
    }
}
