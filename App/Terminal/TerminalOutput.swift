import AppShared
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Presentation
import Styling

/// The terminal side of Presentation's output port: each `StyledText` goes out through
/// the process's `TerminalStreams`, where it is escaped and coloured as the terminal
/// allows.
struct TerminalOutput: ConsoleOutput {
    private let streams: TerminalStreams

    /// Decorated as `format` and the environment allow, for the streams as they are.
    init(format: OutputFormat = .human, environment: [String: String] = ProcessInfo.processInfo.environment) {
        streams = TerminalStreams(json: format == .json, environment: environment)
    }

    func printLine(_ text: StyledText) {
        streams.printLine(text)
    }

    func printDiagnostic(_ text: StyledText) {
        streams.printDiagnostic(text)
    }

    func beginActivity(_ label: String) {
        streams.beginActivity(label)
    }

    func updateActivity(_ label: String) {
        streams.updateActivity(label)
    }

    func endActivity() {
        streams.endActivity()
    }
}
