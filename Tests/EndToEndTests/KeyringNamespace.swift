import Foundation
import TestSupport
import Testing

/// Keyrings of one test's own: a user namespace, held open by a process, in which the
/// test's children run. The kernel keeps a persistent keyring and a user keyring per
/// user and *per user namespace* (`man 7 persistent-keyring`, `man 7 user-keyring`),
/// so inside it a keyring child finds keyrings no other test, and not the runner, can
/// reach; and when the holder ends, the namespace goes and the kernel destroys every
/// key in them: no key outlives its test, whatever the test or the child did.
///
/// Made with util-linux's `unshare` (the holder) and `nsenter` (each child), which
/// every Debian has; the test runner needs nothing more than leave to make a user
/// namespace, which `refusal` says where it lacks.
final class KeyringNamespace: Sendable {
    /// The holder's process id: the namespace is `/proc/<id>/ns/user`.
    private let holder: Int32
    /// The holder's standard input: it ends when this closes, even if the test runner
    /// is killed and no deinit runs.
    private let holderInput: FileHandle
    /// Ends once the holder is inside its namespace (its map written, its first line
    /// printed): a child entering before then would enter the runner's.
    private let started: Task<Void, any Error>
    /// Whether a child keeps this user's credentials (root inside already), or becomes
    /// the namespace's root, the other user `init(asUser:)` mapped.
    private let preservesCredentials: Bool

    /// Starts a holder: `unshare --user --map-root-user`, mapping this user to root in
    /// the namespace (the key's owner is still this user outside it).
    convenience init() throws {
        try self.init(mapping: nil)
    }

    /// Starts a holder whose root is `user` outside, a user no one else is: its key quota
    /// (`/proc/sys/kernel/keys/maxkeys`, `maxbytes`) is a fresh one, the test's alone to
    /// use up. Writing another user's map takes root (`otherUserRefusal`). Children
    /// become that user: the files they need must be theirs or open to all.
    convenience init(asUser user: UInt32) async throws {
        try self.init(mapping: user)
        try await started.value
    }

    private init(mapping user: UInt32?) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try Self.tool("unshare"))
        process.arguments = user == nil
            ? ["--user", "--map-root-user", "--", "/bin/sh", "-c", "echo inside; exec cat >/dev/null"]
            : ["--user", "--", "/bin/sh", "-c", "echo unmapped; read _; echo inside; exec cat >/dev/null"]
        process.environment = ChildEnvironment.clean(home: FileManager.default.temporaryDirectory.path)
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let holder = process.processIdentifier
        let holderInput = input.fileHandleForWriting
        self.holder = holder
        self.holderInput = holderInput
        preservesCredentials = user == nil
        started = Task {
            if let user {
                let unmapped = try await firstOutputLine(of: process, from: output.fileHandleForReading)
                guard unmapped == "unmapped" else { throw CLI.Failure(description: "the keyring namespace did not start: unshare said \(unmapped.debugDescription)") }
                for map in ["uid_map", "gid_map"] {
                    try "0 \(user) 1\n".write(toFile: "/proc/\(holder)/\(map)", atomically: false, encoding: .utf8)
                }
                try holderInput.write(contentsOf: Data("mapped\n".utf8))
            }
            let line = try await firstOutputLine(of: process, from: output.fileHandleForReading)
            guard line == "inside" else { throw CLI.Failure(description: "the keyring namespace did not start: unshare said \(line.debugDescription)") }
        }
    }

    deinit {
        try? holderInput.close()
        kill(holder, SIGTERM)
    }

    /// `program arguments…` as run inside the namespace: through `nsenter`, which enters
    /// it and execs the program in its place (the child's id, signals and exit status
    /// are the program's own).
    func command(_ program: String, _ arguments: [String]) async throws -> (program: String, arguments: [String]) {
        try await started.value
        let credentials = preservesCredentials ? ["--preserve-credentials"] : []
        return (try Self.tool("nsenter"), ["--user", "--target", "\(holder)"] + credentials + ["--", program] + arguments)
    }

    /// The payload of the key named `name` in this namespace's persistent keyring (or its
    /// user keyring, where persistent ones are refused), or nil where there is none.
    func payload(of name: String) async throws -> String? {
        let reader = try await Self.reader.value
        let (program, arguments) = try await command(reader, [name])
        let read = try await ChildProcess.run(program, arguments: arguments, environment: ChildEnvironment.clean(home: FileManager.default.temporaryDirectory.path))
        switch read.status {
        case 0: return read.standardOutput
        case 1: return nil
        default: throw CLI.Failure(description: "the key \(name) could not be read: \(read.standardError)")
        }
    }

    /// Whether keyring children can be tested here: the kernel keeps keys for this user,
    /// and the runner can make user namespaces.
    static var usable: Bool { SessionKeys.areUsable && refusal == nil }

    /// Why a keyring end-to-end test skipped: said, never silent.
    static var skipped: Comment {
        if let refusal { "skipped: no user namespace of a test's own can be made here (\(refusal)), so no keyrings of its own" } else { SessionKeys.skipped }
    }

    /// Why this runner cannot map another user into a namespace (it takes root), or nil.
    static var otherUserRefusal: String? {
        getuid() == 0 ? refusal : "mapping another user into a user namespace takes root (CAP_SETUID); this runner is uid \(getuid())"
    }

    /// Why this runner cannot make a user namespace (a sysctl, a container's filter), or
    /// nil where it can: `unshare --user --map-root-user /bin/true`, tried once.
    ///
    /// Started with `posix_spawn`, not Foundation's `Process`: this is worked out when
    /// the suites are listed, in every test run (the sanitizer's too), and a `Process`
    /// object stays in a reference cycle after its child ends on this toolchain, which
    /// LeakSanitizer reports (`LoopbackStoreServer` says the same).
    static let refusal: String? = {
        guard let unshare = try? tool("unshare") else { return "unshare (util-linux) is not on PATH" }
        let log = FileManager.default.temporaryDirectory.appendingPathComponent("storefront-unshare-\(UUID().uuidString)").path
        defer { unlink(log) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, log, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        let arguments: [String] = [unshare, "--user", "--map-root-user", "--", "/bin/true"]
        var argv = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        let environment: [String] = ["PATH=/usr/bin:/bin"]
        var envp = environment.map { strdup($0) } + [nil]
        defer { envp.forEach { free($0) } }
        var child = pid_t()
        let spawned = posix_spawn(&child, unshare, &actions, nil, &argv, &envp)
        guard spawned == 0 else { return "unshare could not be started: \(String(cString: strerror(spawned)))" }
        var status: Int32 = 0
        while waitpid(child, &status, 0) < 0 && errno == EINTR {}
        if status == 0 { return nil }
        let said = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
        let ending = status & 0x7f == 0 ? "exit \(status >> 8 & 0xff)" : "signal \(status & 0x7f)"
        return "unshare --user: \(said.trimmingCharacters(in: .whitespacesAndNewlines)) (\(ending))"
    }()

    private static func tool(_ name: String) throws -> String {
        guard let path = CompiledProgram.onPath([name]) ?? ["/usr/bin/\(name)", "/bin/\(name)"].first(where: FileManager.default.isExecutableFile) else {
            throw CLI.Failure(description: "\(name) (util-linux) is not on PATH")
        }
        return path
    }

    /// `read-key NAME`: the key's payload on standard output and 0; 1 where no key has
    /// that name; 2 and the kernel's reason otherwise. Compiled once per test run.
    private static let reader = Task<String, any Error> {
        try await CompiledProgram.build(named: "read-key", from: #"""
            #include <errno.h>
            #include <stdio.h>
            #include <string.h>
            #include <unistd.h>
            #include <linux/keyctl.h>
            #include <sys/syscall.h>

            int main(int argc, char **argv) {
                if (argc != 2) return 2;
                long ring = syscall(SYS_keyctl, KEYCTL_GET_PERSISTENT, -1, KEY_SPEC_THREAD_KEYRING);
                if (ring < 0 && errno == EOPNOTSUPP) ring = KEY_SPEC_USER_KEYRING;
                if (ring < 0) { perror("keyctl(GET_PERSISTENT)"); return 2; }
                long key = syscall(SYS_keyctl, KEYCTL_SEARCH, ring, "user", argv[1], 0);
                if (key < 0) { if (errno == ENOKEY) return 1; perror("keyctl(SEARCH)"); return 2; }
                char payload[65536];
                long size = syscall(SYS_keyctl, KEYCTL_READ, key, payload, sizeof payload);
                if (size < 0 || size > (long)sizeof payload) { perror("keyctl(READ)"); return 2; }
                return fwrite(payload, 1, (size_t)size, stdout) == (size_t)size ? 0 : 2;
            }
            """#)
    }
}
