import Foundation

/// The first line a child process writes to `output`, without its newline; everything
/// it wrote when it ended without one.
///
/// The read blocks a thread of its own. A cancelled wait (a test's time limit) ends
/// the child, so its end of the pipe closes and the read returns: a server that never
/// says where it listens fails its test instead of hanging the run.
public func firstOutputLine(of process: Process, from output: FileHandle) async throws -> String {
    try await reading(process) { () -> String in
        var received = Data()
        while !received.contains(10) {
            let chunk = output.availableData
            if chunk.isEmpty { break }
            received += chunk
        }
        return String(decoding: received.prefix { $0 != 10 }, as: UTF8.self)
    }
}

/// The first line a child process writes to `output` that `accepts`, without its
/// newline; nil when the output ends before one does. Lines before it are read and let go.
///
/// The read blocks a thread of its own, and a cancelled wait ends the child, as
/// `firstOutputLine(of:from:)` does.
public func firstOutputLine(
    of process: Process, from output: FileHandle, where accepts: @escaping @Sendable (String) -> Bool
) async throws -> String? {
    try await reading(process) { () -> String? in
        var pending = Data()
        while true {
            while let newline = pending.firstIndex(of: 10) {
                let line = String(decoding: pending[pending.startIndex..<newline], as: UTF8.self)
                pending.removeSubrange(pending.startIndex...newline)
                if accepts(line) { return line }
            }
            let chunk = output.availableData
            if chunk.isEmpty { return nil }
            pending += chunk
        }
    }
}

/// `read`, a blocking read of `process`'s output, on a thread of its own; a cancelled
/// wait kills the child, so its end of the pipe closes and `read` returns.
private func reading<Value: Sendable>(_ process: Process, _ read: @escaping @Sendable () -> Value) async throws -> Value {
    let child = process.processIdentifier
    return try await withTaskCancellationHandler {
        try await runOffPool(read)
    } onCancel: {
        kill(child, SIGKILL)
    }
}
