import Logging
import Presentation

/// Prints log messages as plain lines on standard error (`--verbose`): no timestamps
/// or labels, just what the interceptors and the cache say about each exchange.
struct DiagnosticLogHandler: LogHandler {
    let output: any ConsoleOutput
    var logLevel: Logger.Level
    var metadata: Logger.Metadata = [:]

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        output.printDiagnostic("\(event.level == .debug ? "" : "\(event.level): ")\(event.message)")
    }
}
