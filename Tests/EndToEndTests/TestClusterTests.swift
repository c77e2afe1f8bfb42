import Foundation
import TestSupport
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// The throwaway PostgreSQL `scripts/with-postgres` starts for the tests: no other local
/// user can enter it, the tests' role is no superuser, and no cluster outlives the
/// script, however it ends.
@Suite(
    "The test cluster, closed to others and gone with its script",
    .serialized, .timeLimit(.minutes(2)),
    .enabled(if: !PostgresTestDatabase.skipped, PostgresTestDatabase.skipReason)
)
struct TestClusterTests {
    /// Debian's PostgreSQL programs, newest version first, as the script finds them.
    static func postgresProgram(_ name: String) throws -> String {
        let versions = (try? FileManager.default.contentsOfDirectory(atPath: "/usr/lib/postgresql")) ?? []
        let newest = versions.compactMap(Int.init).max()
        return "/usr/lib/postgresql/\(try #require(newest, "PostgreSQL's server is not installed"))/bin/\(name)"
    }

    /// A machine that had Debian's cluster before the script could say not to make one:
    /// `pg_lsclusters` stands in for Debian's, and `pg_dropcluster` records any call.
    @Test("install-system-packages names a cluster the machine has of its own, says it is left as it is, and removes none")
    func existingClusterSaid() async throws {
        let folder = try TemporaryDirectory()
        try "#!/bin/sh\necho '15 main 5432 online postgres /var/lib/postgresql/15/main /var/log/postgresql/postgresql-15-main.log'\n"
            .write(toFile: folder.file("pg_lsclusters"), atomically: true, encoding: .utf8)
        try "#!/bin/sh\necho \"$@\" >> \(folder.file("dropped"))\n".write(toFile: folder.file("pg_dropcluster"), atomically: true, encoding: .utf8)
        for tool in ["pg_lsclusters", "pg_dropcluster"] { #expect(chmod(folder.file(tool), 0o755) == 0) }
        var environment = ChildEnvironment.clean(home: folder.path)
        environment["PATH"] = folder.path + ":" + (environment["PATH"] ?? "")

        let ran = try await ChildProcess.run(
            RepositoryFolder.root.appendingPathComponent("scripts/install-system-packages").path, arguments: [], environment: environment
        )

        #expect(ran.status == 0, "\(ran.everything)")
        #expect(ran.standardError.contains("this machine has PostgreSQL clusters of its own: 15/main (online, port 5432)"), "\(ran.everything)")
        #expect(ran.standardError.contains("leaves them as they are"), "\(ran.everything)")
        #expect(!FileManager.default.fileExists(atPath: folder.file("dropped")), "a cluster was dropped")
    }

    @Test("the tests' role is not a superuser, and the cluster listens on no TCP port")
    func leastPrivilege() async throws {
        let cluster = try PostgresTestDatabase.Cluster.named()
        let asked = try await ChildProcess.run(
            try Self.postgresProgram("psql"),
            arguments: ["-X", "-tA", "-h", cluster.folder, "-p", String(cluster.port), "-U", cluster.user, "-d", "postgres",
                        "-c", "SELECT rolsuper, current_setting('listen_addresses') FROM pg_roles WHERE rolname = current_user"],
            environment: ChildEnvironment.clean(home: NSTemporaryDirectory())
        )
        #expect(asked.status == 0, "\(asked.everything)")
        #expect(asked.standardOutput == "f|\n", "\(asked.everything)")
    }

    @Test("another local user (nobody) cannot connect", .enabled(if: getuid() == 0, "needs root, to run psql as nobody"))
    func otherUsersStayOut() async throws {
        let cluster = try PostgresTestDatabase.Cluster.named()
        let tried = try await ChildProcess.run(
            "/usr/sbin/runuser",
            arguments: ["-u", "nobody", "--", try Self.postgresProgram("psql"), "-X", "-h", cluster.folder, "-p", String(cluster.port),
                        "-U", cluster.user, "-d", "postgres", "-c", "SELECT 1"],
            environment: ChildEnvironment.clean(home: "/")
        )
        #expect(tried.status != 0, "\(tried.everything)")
        #expect(tried.standardError.contains("Permission denied"), "\(tried.everything)")
    }

    @Test("kill -9 of scripts/with-postgres: its command, its cluster and its watcher are gone, none left behind")
    func goneAfterSIGKILL() async throws {
        let script = Process()
        script.executableURL = RepositoryFolder.root.appendingPathComponent("scripts/with-postgres")
        script.arguments = ["sleep", "120"]
        script.environment = ChildEnvironment.clean(home: NSTemporaryDirectory())
        let errors = Pipe()
        script.standardError = errors
        try script.run()
        // Whatever fails below, the script does not outlive the test: its watcher ends
        // its command and its cluster. (SIGKILL: a child of the test runner starts with
        // SIGTERM blocked.)
        defer { if script.isRunning { kill(script.processIdentifier, SIGKILL) } }
        let line = try await firstOutputLine(of: script, from: errors.fileHandleForReading)
        let socket = try #require(line.components(separatedBy: " listens on ").last?.components(separatedBy: " ").first, "\(line)")
        let folder = (socket as NSString).deletingLastPathComponent
        // The line comes before the command starts: wait for it to run.
        var started = Self.processes(mentioning: "sleep 120", childOf: script.processIdentifier).first
        while started == nil, script.isRunning {
            try await Task.sleep(for: .milliseconds(20))
            started = Self.processes(mentioning: "sleep 120", childOf: script.processIdentifier).first
        }
        let command = try #require(started, "no command started")
        #expect(FileManager.default.fileExists(atPath: socket))

        kill(script.processIdentifier, SIGKILL)
        // The watcher takes about 2 s (the cluster's stop, then the command's grace after
        // SIGTERM); the bound leaves room for a machine busy with other tests.
        let deadline = ContinuousClock.now + .seconds(30)
        while ContinuousClock.now < deadline, script.isRunning || FileManager.default.fileExists(atPath: folder) || Self.isRunning(command)
            || !Self.processes(mentioning: folder, childOf: nil).isEmpty {
            try await Task.sleep(for: .milliseconds(50))
        }
        #expect(!FileManager.default.fileExists(atPath: folder), "the cluster's folder is left")
        #expect(Self.processes(mentioning: folder, childOf: nil).isEmpty, "a process naming the cluster (its server, or the watcher) still runs")
        #expect(!Self.isRunning(command), "the command still runs")
        if Self.isRunning(command) { kill(command, SIGKILL) }
    }

    /// The processes whose command line contains `text`, children of `parent` when given.
    static func processes(mentioning text: String, childOf parent: pid_t?) -> [pid_t] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.compactMap(pid_t.init).filter { pid in
            guard let line = try? Data(contentsOf: URL(fileURLWithPath: "/proc/\(pid)/cmdline")) else { return false }
            let command = String(decoding: line.map { $0 == 0 ? 32 : $0 }, as: UTF8.self)
            guard command.contains(text), !command.contains("tail --pid") else { return false }
            guard let parent else { return true }
            let status = (try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)) ?? ""
            return status.split(separator: "\n").contains { $0 == "PPid:\t\(parent)" }
        }
    }

    static func isRunning(_ pid: pid_t) -> Bool {
        let status = (try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)) ?? ""
        return !status.isEmpty && !status.contains("State:\tZ")
    }
}
