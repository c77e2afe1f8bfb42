#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Styling

/// Renders `storefront status`, as lines or as one JSON object. It always succeeds:
/// being signed out, or having no cache yet, is a state to report, not an error.
public struct StatusPresenter: Sendable {
    private let output: any ConsoleOutput
    private let format: OutputFormat

    public init(console: Console) {
        self.output = console.output
        self.format = console.format
    }

    @discardableResult
    public func show(_ report: StatusReport) -> ProcessExitStatus {
        if format == .json {
            output.printLine(StatusDocument.json(report))
            return .success
        }
        let trust = report.authorityFile.map { "the authorities in \($0)" } ?? "the system's authorities"
        output.printLine("Backend       \(report.backend)")
        output.printLine("Transport     \(report.transport)")
        output.printLine("Payload       " + (report.sealing.map(Self.sealing) ?? "plain JSON"))
        output.printLine("TLS trust     \(trust)" + (report.pins.isEmpty ? "" : ", pinned to \(report.pins.joined(separator: ", "))"))
        output.printLine("Signed in     " + (report.signedInAs ?? "no"))
        output.printLine(Self.session(report.session))
        let oldest = report.cache.oldestStoredAt.map { ", oldest stored \($0.formatted(.iso8601))" } ?? ""
        output.printLine("Cache         \(report.cache.folder): \(Self.entries.counting(report.cache.entries)), \(Self.bytes.counting(report.cache.bytes))\(oldest); at most \(Self.entries.counting(report.cache.maximumEntries)) and \(Self.bytes.counting(report.cache.maximumBytes))")
        if let check = report.check { output.printLine("Checked       \(check.sentence)") }
        return .success
    }

    private static let entries = CountedNoun(one: "entry", many: "entries")
    private static let bytes = CountedNoun(one: "byte", many: "bytes")

    /// `Session file  /…/session.json (mode 600, yours alone)`, or a key in a keyring:
    /// the label names what holds it, and a loosened one says what fixes it.
    private static func session(_ place: StatusReport.SessionPlace) -> String {
        let label = "Session \(place.holder)"
        let padded = label + String(repeating: " ", count: max(1, 14 - label.count))
        let state = place.permissions.map { permissions in
            let access = place.isPrivate ? "yours alone" : "others can read it" + (place.fix.map { ": \($0)" } ?? "")
            return " (\(place.holder == "file" ? "mode" : "permissions") \(permissions), \(access))"
        } ?? " (none)"
        return "\(padded)\(TerminalText.escapingControls(place.location))\(state)"
    }

    /// `sealed (Oblivious HTTP), key 3 from --ohttp-keys-file …, through relay …`
    private static func sealing(_ sealing: StatusReport.Sealing) -> String {
        let key = sealing.keyID.map { " \(TerminalText.escapingControls($0))" } ?? " (taken when first needed)"
        let relay = sealing.relay.map { ", through the relay \(TerminalText.escapingControls($0))" } ?? ""
        return "sealed (Oblivious HTTP, RFC 9458), key\(key) from \(TerminalText.escapingControls(sealing.source))\(relay)"
    }
}
