import Logging
import Synchronization

/// Collects log lines in memory so tests can read exactly what would have been printed.
final class SpyLog: Sendable {
    private let lines = Mutex<[String]>([])

    var messages: [String] { lines.withLock { $0 } }

    func append(_ line: String) {
        lines.withLock { $0.append(line) }
    }

    /// A logger that writes into this capture at every level.
    func logger() -> Logger {
        var logger = Logger(label: "test") { _ in SpyLogHandler(capture: self) }
        logger.logLevel = .trace
        return logger
    }
}

struct SpyLogHandler: LogHandler {
    let capture: SpyLog
    var logLevel: Logger.Level = .trace
    var metadata: Logger.Metadata = [:]

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        capture.append("\(event.level) \(event.message)")
    }
}
