import Foundation
import Infrastructure
import TestSupport
import Testing

/// `--session-store keyring` as a person uses it, and where the kernel refuses it: a
/// launcher compiled here puts the child under a seccomp filter, as a container's
/// does, so the refusal is the kernel's own, not a fake's. Each test's children run in
/// keyrings of the test's own (`KeyringNamespace`).
@Suite(
    "The session in the kernel keyring, end to end",
    .serialized, .timeLimit(.minutes(5)), .stopsItsBackends,
    .enabled(if: KeyringNamespace.usable, KeyringNamespace.skipped)
)
struct KeyringEndToEndTests {
    @Test("login, whoami, status and logout keep the session in a key, never in a file, and leave no key")
    func flow() async throws {
        let key = try GatewayKey.fresh()
        let backend = try await RunningBackend.start(key: key)
        let cli = try CLI(backend: backend, key: key, sessionStore: .keyring)
        #expect(!SessionKeys.listed(for: cli.dataDirectory))

        let login = try await cli.run(["login", "--username", "emilys", "--password-stdin"], input: "emilyspass\n")
        let listedAfterLogin = SessionKeys.listed(for: cli.dataDirectory)
        let keptInItsOwnKeyring = try await cli.storedSession() != nil
        let inTheRunnersKeyring = SessionKeys.payload(for: cli.dataDirectory) != nil
        let whoami = try await cli.run(["whoami"])
        let status = try await cli.run(["status"])
        let json = try await cli.run(["status", "--json"])
        let sessionFileExisted = FileManager.default.fileExists(atPath: cli.dataDirectory + "/session.json")
        let logout = try await cli.run(["logout"])

        #expect(login.status == 0, "\(login.everything)")
        #expect(listedAfterLogin)
        #expect(keptInItsOwnKeyring)
        #expect(!inTheRunnersKeyring, "the key is in the test runner's own persistent keyring")
        #expect(whoami.standardOutput.hasPrefix("Emily Johnson (emilys)\n"))
        #expect(status.standardOutput.contains("Signed in     Emily Johnson (emilys)"), "\(status.everything)")
        #expect(status.standardOutput.contains("Session key   storefront:session:\(cli.dataDirectory) in the persistent keyring (permissions 3f010000, yours alone)"), "\(status.everything)")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [String: Any])
        let session = try #require(document["session"] as? [String: Any])
        #expect(session["store"] as? String == "keyring")
        #expect(session["exists"] as? Bool == true)
        #expect(session["isPrivate"] as? Bool == true)
        #expect(session["permissions"] as? String == "3f010000")
        #expect(!sessionFileExisted, "a session file was written")
        #expect(logout.status == 0)
        #expect(await SessionKeys.gone(for: cli.dataDirectory))
    }

    @Test("a key a test leaves behind is destroyed with the test's keyrings")
    func keyGoesWithItsKeyrings() async throws {
        let key = try GatewayKey.fresh()
        let backend = try await RunningBackend.start(key: key)
        var cli: CLI? = try CLI(backend: backend, key: key, sessionStore: .keyring)
        let folder = try #require(cli?.dataDirectory)
        let login = try await cli?.run(["login", "--username", "emilys", "--password-stdin"], input: "emilyspass\n")
        #expect(login?.status == 0, "\(login?.everything ?? "")")
        #expect(SessionKeys.listed(for: folder))

        cli = nil

        #expect(await SessionKeys.gone(for: folder))
    }

    @Test("the demo runs on the keyring store and leaves no key")
    func demo() async throws {
        var cli = try CLI(backend: nil, key: nil, sessionStore: .keyring)
        cli.environment["TMPDIR"] = cli.dataDirectory
        let result = try await cli.run(["demo", "--session-store", "keyring"])
        #expect(result.status == 0, "\(result.everything)")
        #expect(await SessionKeys.noneLeft(under: cli.dataDirectory))
    }

    @Test("where the kernel refuses keyrings (EPERM, as a container's filter), a sentence and 78, before any password")
    func refused() async throws {
        let launcher = try await SeccompLauncher.build()
        let cli = try CLI(backend: nil, key: nil, sessionStore: .keyring)

        let login = try await launcher.run(cli, refusing: .keyrings, ["login", "--username", "emilys", "--password-stdin"], input: "emilyspass\n")
        let status = try await launcher.run(cli, refusing: .keyrings, ["status"])

        #expect(login.status == 78, "\(login.everything)")
        #expect(login.standardError.contains("The session store cannot be used: the kernel keyring cannot be used (keyctl(GET_PERSISTENT) failed: Operation not permitted)"), "\(login.standardError)")
        #expect(login.standardError.contains("use --session-store file"))
        #expect(status.status == 0, "\(status.everything)")
        #expect(status.standardOutput.contains("keyrings are refused here"), "\(status.standardOutput)")
    }

    @Test("where the kernel has no persistent keyrings (EOPNOTSUPP), the user keyring, and status says so")
    func userKeyringFallback() async throws {
        let launcher = try await SeccompLauncher.build()
        let key = try GatewayKey.fresh()
        let backend = try await RunningBackend.start(key: key)
        let cli = try CLI(backend: backend, key: key, sessionStore: .keyring)

        let login = try await launcher.run(cli, refusing: .persistentKeyrings, ["login", "--username", "emilys", "--password-stdin"], input: "emilyspass\n")
        let status = try await launcher.run(cli, refusing: .persistentKeyrings, ["status"])
        let whoami = try await launcher.run(cli, refusing: .persistentKeyrings, ["whoami"])
        let logout = try await launcher.run(cli, refusing: .persistentKeyrings, ["logout"])

        #expect(login.status == 0, "\(login.everything)")
        #expect(status.standardOutput.contains("storefront:session:\(cli.dataDirectory) in the user keyring (permissions 3f010000, yours alone)"), "\(status.everything)")
        #expect(whoami.status == 0, "\(whoami.everything)")
        #expect(logout.status == 0)
        #expect(await SessionKeys.gone(for: cli.dataDirectory))
    }

    @Test(
        "a used-up keyring quota is its own error, 71, not a full disk's 73; no session is kept",
        .enabled(if: KeyringNamespace.otherUserRefusal == nil, "skipped: \(KeyringNamespace.otherUserRefusal ?? "")")
    )
    func quotaUsedUp() async throws {
        // A user no one else is, so the quota the test uses up is its own alone.
        let user = UInt32.random(in: 3_000_000_000..<3_100_000_000)
        let keyrings = try await KeyringNamespace(asUser: user)
        let backend = try await RunningBackend.start(key: nil)
        let cli = try CLI(backend: backend, key: nil, sessionStore: .keyring, keyrings: keyrings)
        guard chown(cli.dataDirectory, user, user) == 0 else { throw CLI.Failure(description: "chown: \(String(cString: strerror(errno)))") }
        let filler = try await CompiledProgram.build(named: "fill-keyring", from: Self.filler)
        // It stays running while the quota is used up: what a process holds to reach the
        // keyring (its thread keyring) is freed when it ends, which would leave room.
        let (program, arguments) = try await keyrings.command(filler, [])
        let filling = Process()
        filling.executableURL = URL(fileURLWithPath: program)
        filling.arguments = arguments
        filling.environment = cli.environment
        let fillerInput = Pipe()
        let fillerOutput = Pipe()
        filling.standardInput = fillerInput
        filling.standardOutput = fillerOutput
        try filling.run()
        defer { filling.terminate() }
        let filled = try await firstOutputLine(of: filling, from: fillerOutput.fileHandleForReading)

        let login = try await cli.run(["login", "--username", "emilys", "--password-stdin"], input: "emilyspass\n")
        let json = try await cli.run(["login", "--username", "emilys", "--password-stdin", "--json"], input: "emilyspass\n")
        let status = try await cli.run(["status"])
        try fillerInput.fileHandleForWriting.close()
        filling.waitUntilExit()

        #expect(filled == "full", "the filler said \(filled.debugDescription)")
        #expect(login.status == 71, "\(login.everything)")
        #expect(login.standardError.hasPrefix("storefront: The session could not be kept (this user's kernel keyring quota is used up: "), "\(login.standardError)")
        #expect(login.standardError.contains("failed: Disk quota exceeded; `/proc/key-users` shows what this user holds); what was there before is kept."))
        #expect(!login.standardError.contains("Password"), "asked for a password it could not keep")
        #expect(json.status == 71)
        #expect(json.standardError.contains(#""code":"quota-exceeded""#), "\(json.standardError)")
        #expect(status.status == 0, "\(status.everything)")
        #expect(status.standardOutput.contains("storefront:session:\(cli.dataDirectory): this user's keyring quota is used up"), "\(status.standardOutput)")
        // No session fell back to a file. (Nor is a key read here: reaching the keyring
        // takes quota, a reader's too.)
        #expect(!FileManager.default.fileExists(atPath: cli.dataDirectory + "/session.json"))
    }

    /// `fill-keyring`: adds keys to the persistent keyring until the kernel refuses even
    /// a one-byte key for the quota (EDQUOT): smaller ones after each refusal, so no
    /// room is left over. Then says `full` and holds on until its input ends. Any other
    /// refusal is said, and 2.
    private static let filler = #"""
        #include <errno.h>
        #include <stdio.h>
        #include <string.h>
        #include <unistd.h>
        #include <linux/keyctl.h>
        #include <sys/syscall.h>

        int main(void) {
            long ring = syscall(SYS_keyctl, KEYCTL_GET_PERSISTENT, -1, KEY_SPEC_THREAD_KEYRING);
            if (ring < 0) { printf("keyctl(GET_PERSISTENT): %s\n", strerror(errno)); return 2; }
            char payload[1024];
            memset(payload, 'x', sizeof payload);
            size_t size = sizeof payload;
            for (int i = 0; i < 1000000; i++) {
                // Names as short as can be (base 62): the last one-byte key refused
                // leaves less room than any keyring a process makes to reach this one.
                static const char digits[] = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";
                char name[8];
                int n = 0;
                for (int rest = i; n == 0 || rest > 0; rest /= 62) name[n++] = digits[rest % 62];
                name[n] = 0;
                if (syscall(SYS_add_key, "user", name, payload, size, ring) >= 0) continue;
                if (errno != EDQUOT) { printf("add_key: %s\n", strerror(errno)); return 2; }
                if (size > 1) { size /= 2; continue; }
                puts("full");
                fflush(stdout);
                while (getchar() != EOF) {}
                return 0;
            }
            return 2;
        }
        """#
}
