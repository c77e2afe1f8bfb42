import Logging
import Presentation

/// Prints log messages as plain lines on standard error (`--verbose`): no timestamps
/// or labels, just what the interceptors and the cache say about each exchange.
public struct DiagnosticLogHandler: LogHandler {
    public let output: any ConsoleOutput
    public var logLevel: Logger.Level
    public var metadata: Logger.Metadata = [:]

    public init(output: any ConsoleOutput, logLevel: Logger.Level) {
        self.output = output
        self.logLevel = logLevel
    }

    public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    public func log(event: LogEvent) {
        output.printDiagnostic("\(event.level == .debug ? "" : "\(event.level): ")\(event.message)")
    }
}
