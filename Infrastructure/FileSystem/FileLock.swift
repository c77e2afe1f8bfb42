import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// An exclusive advisory lock (`flock`) on a file, shared by every process that asks
/// for it: what makes "read the session, refresh it, save it" one step across all the
/// `storefront` processes using one data folder.
///
/// The lock belongs to the open file, so it is released by `release()`, when the value
/// goes away, or by the kernel when the process dies: a killed process never leaves
/// the others waiting.
public final class FileLock: Sendable {
    private let descriptor: Mutex<Int32?>

    private init(descriptor: Int32) {
        self.descriptor = Mutex(descriptor)
    }

    /// Waits until this process holds the lock on `path` (created `0600` if missing).
    /// The wait happens on a thread of its own: another process's refresh can take a
    /// network round trip, and a concurrency thread must not sit blocked for it.
    public static func exclusive(at path: String) async throws(FileSystemError) -> FileLock {
        let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard descriptor >= 0 else { throw .systemCall(operation: "open", path: path, code: errno) }
        if flock(descriptor, LOCK_EX | LOCK_NB) == 0 {
            return FileLock(descriptor: descriptor)
        }
        let (result, code) = await BlockingThread.run(noThread: (Int32(-1), EAGAIN)) {
            var result: Int32
            repeat {
                result = flock(descriptor, LOCK_EX)
            } while result != 0 && errno == EINTR
            return (result, errno)
        }
        guard result == 0 else {
            close(descriptor)
            throw .systemCall(operation: "flock", path: path, code: code)
        }
        return FileLock(descriptor: descriptor)
    }

    /// Lets the next waiting process in. Safe to call more than once.
    public func release() {
        descriptor.withLock { descriptor in
            if let open = descriptor {
                close(open)
                descriptor = nil
            }
        }
    }

    deinit {
        release()
    }
}
