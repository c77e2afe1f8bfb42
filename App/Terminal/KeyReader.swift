import Infrastructure
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif

/// Reads standard input on a thread of its own, so a blocking `read` never holds up
/// a task, and hands the bytes over as an async stream. The stream ends when
/// standard input closes.
enum KeyReader {
    static func bytes() -> AsyncStream<[UInt8]> {
        let (stream, continuation) = AsyncStream.makeStream(of: [UInt8].self)
        let started = BlockingThread.start {
            var buffer = [UInt8](repeating: 0, count: 256)
            while true {
                let count = read(STDIN_FILENO, &buffer, buffer.count)
                if count < 0, errno == EINTR { continue }
                guard count > 0 else {
                    continuation.finish()
                    return
                }
                continuation.yield(Array(buffer[..<count]))
            }
        }
        if !started { continuation.finish() }
        return stream
    }
}
