import CSystemCalls
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// A child program started with `posix_spawn`: its standard input and output are pipes
/// this process holds, its standard error goes to a file.
///
/// Foundation's `Process` does this too, but it is outside FoundationEssentials and
/// would link all of Foundation and ICU's data (some 40 MB) into the client for one
/// command; swift-subprocess would add its protocol-conformance records to the table
/// that every command's first dynamic casts scan. What is kept from `Process`
/// is its care: the child gets default signal handlers and an empty signal mask
/// (this process ignores SIGPIPE, and an ignored signal survives `exec`), and only
/// the three descriptors it is given.
public final class SpawnedProcess: Sendable {
    public let id: pid_t
    /// The write end of the child's standard input, until `closeInput()`.
    private let input: Mutex<Int32?>
    /// The read end of the child's standard output.
    private let output: Int32
    /// Whether the child has been waited for: a pid must not be signalled once reaped.
    private let reaped = Mutex(false)

    private init(id: pid_t, input: Int32, output: Int32) {
        self.id = id
        self.input = Mutex(input)
        self.output = output
    }

    /// Starts `executable` with `arguments` and `environment` (this process's own when
    /// nil); its standard error replaces the file at `errorLog` (created `0600`).
    public static func spawn(
        _ executable: String,
        arguments: [String],
        environment: [String: String]? = nil,
        errorLog: String
    ) throws(FileSystemError) -> SpawnedProcess {
        let log = open(errorLog, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard log >= 0 else { throw .systemCall(operation: "open", path: errorLog, code: errno) }
        defer { close(log) }
        var inputPipe: [Int32] = [-1, -1]
        var outputPipe: [Int32] = [-1, -1]
        guard pipe(&inputPipe) == 0 else { throw .systemCall(operation: "pipe", path: executable, code: errno) }
        guard pipe(&outputPipe) == 0 else {
            let code = errno
            inputPipe.forEach { close($0) }
            throw .systemCall(operation: "pipe", path: executable, code: code)
        }
        // Swift's Glibc module leaves out pipe2, so close-on-exec comes a moment later; a
        // child another thread spawns in that moment must not keep our ends (a copy of
        // the input's write end would keep ours from ever ending). Closing every other
        // descriptor in the child, as below, is what guarantees it, here as in Process.
        for descriptor in inputPipe + outputPipe {
            _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
        }
        // The child's ends close here once it has them; ours are closed by `terminate`,
        // or here when there is no child.
        var spawned = false
        defer {
            close(inputPipe[0])
            close(outputPipe[1])
            if !spawned {
                close(inputPipe[1])
                close(outputPipe[0])
            }
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        // dup2 leaves the copies without O_CLOEXEC, so these three pass, and only these:
        posix_spawn_file_actions_adddup2(&actions, inputPipe[0], STDIN_FILENO)
        posix_spawn_file_actions_adddup2(&actions, outputPipe[1], STDOUT_FILENO)
        posix_spawn_file_actions_adddup2(&actions, log, STDERR_FILENO)
        // Descriptors this process opened without close-on-exec (a test's, a library's)
        // stay here too.
        let closing = storefront_spawn_close_from(&actions, 3)
        guard closing == 0 else { throw .systemCall(operation: "posix_spawn_file_actions_addclosefrom_np", path: executable, code: closing) }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var everySignal = sigset_t()
        sigfillset(&everySignal)
        var noSignal = sigset_t()
        sigemptyset(&noSignal)
        posix_spawnattr_setsigdefault(&attributes, &everySignal)
        posix_spawnattr_setsigmask(&attributes, &noSignal)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))

        var argv = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var envp = (environment ?? [:]).map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { envp.forEach { free($0) } }
        var id = pid_t()
        let result = environment == nil
            ? posix_spawn(&id, executable, &actions, &attributes, &argv, environ)
            : posix_spawn(&id, executable, &actions, &attributes, &argv, &envp)
        guard result == 0 else { throw .systemCall(operation: "posix_spawn", path: executable, code: result) }
        spawned = true
        return SpawnedProcess(id: id, input: inputPipe[1], output: outputPipe[0])
    }

    /// The next line the child writes, without its newline; nil if its output ends
    /// before one. Read on a thread of its own, as the read blocks.
    ///
    /// Cancelling the wait sends the child SIGTERM: its output then ends, and so does
    /// the read, which nothing else could interrupt.
    public func readLine() async -> String? {
        let output = self.output
        let id = self.id
        return await withTaskCancellationHandler {
            await BlockingThread.run(noThread: nil) {
                var received: [UInt8] = []
                var byte: UInt8 = 0
                while true {
                    let count = read(output, &byte, 1)
                    if count < 0, errno == EINTR { continue }
                    guard count == 1 else { return nil }
                    if byte == UInt8(ascii: "\n") { return String(decoding: received, as: UTF8.self) }
                    received.append(byte)
                }
            }
        } onCancel: {
            kill(id, SIGTERM)
        }
    }

    /// Sends SIGTERM and returns once the child has ended; then lets go of its pipes.
    /// Safe to call more than once.
    public func terminate() async {
        let alreadyReaped = reaped.withLock { reaped in
            defer { reaped = true }
            return reaped
        }
        guard !alreadyReaped else { return }
        kill(id, SIGTERM)
        let id = self.id
        await BlockingThread.run(noThread: ()) {
            var status: Int32 = 0
            while waitpid(id, &status, 0) < 0 && errno == EINTR {}
        }
        closeInput()
        close(output)
    }

    /// Closes the child's standard input: what it reads next is the end.
    public func closeInput() {
        input.withLock { input in
            if let open = input {
                close(open)
                input = nil
            }
        }
    }
}
