import Foundation

/// The first line a child process writes to `output`, without its newline; everything
/// it wrote when it ended without one.
///
/// The read blocks a thread of its own. A cancelled wait (a test's time limit) ends
/// the child, so its end of the pipe closes and the read returns: a server that never
/// says where it listens fails its test instead of hanging the run.
public func firstOutputLine(of process: Process, from output: FileHandle) async throws -> String {
    let child = process.processIdentifier
    return try await withTaskCancellationHandler {
        try await runOffPool { () -> String in
            var received = Data()
            while !received.contains(10) {
                let chunk = output.availableData
                if chunk.isEmpty { break }
                received += chunk
            }
            return String(decoding: received.prefix { $0 != 10 }, as: UTF8.self)
        }
    } onCancel: {
        kill(child, SIGKILL)
    }
}
