import Infrastructure
import CProcessControl
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif

/// The terminal's SIGWINCH as an async stream: the C handler writes a byte to a pipe,
/// a thread of its own waits on the pipe, so nothing polls and nothing runs between resizes.
enum ResizeNotifications {
    /// One element per burst of resizes, until `stop()`; empty if the pipe cannot be made.
    static func start() -> AsyncStream<Void> {
        let (stream, continuation) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
        let reader = storefront_resize_notifications_start()
        guard reader >= 0 else {
            continuation.finish()
            return stream
        }
        let started = BlockingThread.start {
            var buffer = [UInt8](repeating: 0, count: 64)
            while true {
                let count = read(reader, &buffer, buffer.count)
                if count < 0, errno == EINTR { continue }
                guard count > 0 else { break }
                continuation.yield()
            }
            close(reader)
            continuation.finish()
        }
        if !started {
            close(reader)
            continuation.finish()
        }
        return stream
    }

    /// Stops the notifications; the stream then ends.
    static func stop() {
        storefront_resize_notifications_stop()
    }
}
