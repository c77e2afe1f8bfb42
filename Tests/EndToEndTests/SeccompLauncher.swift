import Foundation
import TestSupport
import Testing

/// A launcher that runs a program under a seccomp filter refusing the key retention
/// calls, as a container's filter does (Docker's default profile refuses `add_key` and
/// `keyctl` with EPERM), or refusing only persistent keyrings (EOPNOTSUPP, a kernel
/// built without them). Compiled once per test run with the C compiler Swift itself
/// links with, so the refusal comes from the kernel, not from a fake.
struct SeccompLauncher: Sendable {
    /// What the filter refuses.
    enum Refusal: String, Sendable {
        /// `add_key` and `keyctl`, all of them: EPERM.
        case keyrings
        /// `keyctl(KEYCTL_GET_PERSISTENT)` alone: EOPNOTSUPP.
        case persistentKeyrings = "persistent"
    }

    let path: String

    /// Runs `storefront arguments…` as `cli` would (in its keyrings), under the filter.
    func run(_ cli: CLI, refusing refusal: Refusal, _ arguments: [String], input: String = "") async throws -> CLI.Result {
        try await cli.run(program: path, [refusal.rawValue, try CLI.executable().path] + arguments, input: input)
    }

    /// The launcher, built on first use.
    static func build() async throws -> SeccompLauncher {
        try await built.value
    }

    private static let built = Task<SeccompLauncher, any Error> {
        SeccompLauncher(path: try await CompiledProgram.build(named: "seccomp-launcher", from: source))
    }

    /// `launcher keyrings|persistent PROGRAM ARGUMENTS…`. The filter checks no
    /// architecture: it runs only the native binary this test built.
    private static let source = #"""
        #include <errno.h>
        #include <stddef.h>
        #include <string.h>
        #include <unistd.h>
        #include <linux/filter.h>
        #include <linux/keyctl.h>
        #include <linux/seccomp.h>
        #include <sys/prctl.h>
        #include <sys/syscall.h>

        int main(int argc, char **argv) {
            if (argc < 3) return 125;
            struct sock_filter keyrings[] = {
                BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, nr)),
                BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, __NR_add_key, 2, 0),
                BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, __NR_keyctl, 1, 0),
                BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW),
                BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ERRNO | EPERM),
            };
            struct sock_filter persistent[] = {
                BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, nr)),
                BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, __NR_keyctl, 0, 3),
                BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, args[0])),
                BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, KEYCTL_GET_PERSISTENT, 0, 1),
                BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ERRNO | EOPNOTSUPP),
                BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW),
            };
            int all = strcmp(argv[1], "keyrings") == 0;
            struct sock_fprog program = {
                .len = all ? sizeof keyrings / sizeof keyrings[0] : sizeof persistent / sizeof persistent[0],
                .filter = all ? keyrings : persistent,
            };
            if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0) return 126;
            if (prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, &program) != 0) return 126;
            execv(argv[2], argv + 2);
            return 127;
        }
        """#
}
