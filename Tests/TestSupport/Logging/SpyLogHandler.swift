import Logging
import Synchronization

/// Collects log lines in memory so tests can read exactly what would have been printed.
public final class SpyLog: Sendable {
    private let lines = Mutex<[String]>([])

    public init() {}

    public var messages: [String] { lines.withLock { $0 } }

    public func append(_ line: String) {
        lines.withLock { $0.append(line) }
    }

    /// A logger that writes into this capture at every level.
    public func logger() -> Logger {
        var logger = Logger(label: "test") { _ in SpyLogHandler(capture: self) }
        logger.logLevel = .trace
        return logger
    }
}

/// Writes every event, with its level, into a `SpyLog`.
public struct SpyLogHandler: LogHandler {
    public let capture: SpyLog

    public init(capture: SpyLog) {
        self.capture = capture
    }
    public var logLevel: Logger.Level = .trace
    public var metadata: Logger.Metadata = [:]

    public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    public func log(event: LogEvent) {
        capture.append("\(event.level) \(event.message)")
    }
}
