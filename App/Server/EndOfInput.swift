import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Standard input as a lifeline: a parent holds the writing end of a pipe and never
/// writes, so the end of input means the parent is gone (or let go on purpose).
enum EndOfInput {
    /// Waits on a thread of its own (a blocking `read` must not hold up a task), then
    /// sends this process SIGTERM, so the server stops the way Ctrl-C stops it.
    static func stopProcessWhenReached() {
        Thread {
            var buffer = [UInt8](repeating: 0, count: 64)
            while true {
                let count = read(STDIN_FILENO, &buffer, buffer.count)
                if count < 0, errno == EINTR { continue }
                if count <= 0 { break }
            }
            kill(getpid(), SIGTERM)
        }.start()
    }
}
