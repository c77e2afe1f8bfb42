import AppShared
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Presentation

/// The terminal side of Presentation's output port: each `StyledText` becomes a
/// `TerminalLine` in the colours below and goes out through the process's
/// `TerminalStreams`, where it is escaped and coloured as the terminal allows.
struct TerminalOutput: ConsoleOutput {
    private let streams: TerminalStreams

    /// Decorated as `format` and the environment allow, for the streams as they are.
    init(format: OutputFormat = .human, environment: [String: String] = ProcessInfo.processInfo.environment) {
        streams = TerminalStreams(json: format == .json, environment: environment)
    }

    func printLine(_ text: StyledText) {
        streams.printLine(TerminalLine(text))
    }

    func printDiagnostic(_ text: StyledText) {
        streams.printDiagnostic(TerminalLine(text))
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

extension TerminalLine {
    /// Presentation's styled runs in the client's colours.
    init(_ text: StyledText) {
        self.init(runs: text.runs.map { Run(text: $0.text, colour: $0.style.map(Self.colour(for:))) })
    }

    static func colour(for style: Style) -> String {
        switch style {
        case .error: ANSI.boldRed
        case .warning, .rating: ANSI.yellow
        case .success, .price: ANSI.green
        case .heading: ANSI.bold
        case .secondary: ANSI.dim
        }
    }
}
