import Foundation

/// A part of a document written from the code rather than by hand, between two markers:
/// `scripts/update-manual` writes it, and a test names the first line where the
/// committed text differs from what the code gives.
public struct MarkedSection: Sendable {
    /// The document, from the repository's root.
    public let document: String
    /// Names the markers: `<!-- NAME:begin … -->` and `<!-- NAME:end -->`.
    public let name: String

    public init(document: String, name: String) {
        (self.document, self.name) = (document, name)
    }

    public var begin: String { "<!-- \(name):begin (scripts/update-manual writes this; do not edit) -->" }
    public var end: String { "<!-- \(name):end -->" }

    /// The lines now between the markers in `text`; nil when the markers are missing.
    public func committed(in text: String) -> String? {
        guard let start = text.range(of: begin + "\n"), let stop = text.range(of: end), start.upperBound <= stop.lowerBound else { return nil }
        return String(text[start.upperBound..<stop.lowerBound])
    }

    /// `text` with what lies between the markers replaced by `content`.
    public func replacing(in text: String, with content: String) -> String? {
        guard let start = text.range(of: begin + "\n"), let stop = text.range(of: end), start.upperBound <= stop.lowerBound else { return nil }
        return text.replacingCharacters(in: start.upperBound..<stop.lowerBound, with: content)
    }

    /// What is wrong with the committed section against `fresh`, as a sentence naming
    /// the document and line; nil when it is current. When `scripts/update-manual`
    /// asks (`updating`), writes `fresh` instead and finds nothing wrong.
    public func keep(_ fresh: String) throws -> String? {
        let file = RepositoryFolder.root.appendingPathComponent(document)
        let text = try String(contentsOf: file, encoding: .utf8)
        guard let committed = committed(in: text) else { return "\(document) has no \(begin) … \(end)" }
        if Self.updating {
            try replacing(in: text, with: fresh)?.write(to: file, atomically: true, encoding: .utf8)
            return nil
        }
        return Self.firstDifference(committed, fresh, in: text, at: begin).map { "\(document):\($0): run it, and commit what it writes" }
    }

    /// `scripts/update-manual` sets `STOREFRONT_UPDATE_DOCUMENTS`; then the sections are
    /// written, not checked. Only the token that run wrote into this clone counts, so an
    /// inherited or stale value leaves them checked.
    public static var updating: Bool {
        guard let asked = ProcessInfo.processInfo.environment["STOREFRONT_UPDATE_DOCUMENTS"], !asked.isEmpty else { return false }
        let file = RepositoryFolder.root.appendingPathComponent(".build-architecture/update-documents-token")
        let token = (try? String(contentsOf: file, encoding: .utf8))?.trimmingCharacters(in: .whitespacesAndNewlines)
        return asked == token
    }

    /// The first line where `committed` and `fresh` differ, as `LINE: has …, where
    /// scripts/update-manual writes …`, its number counted in the whole document; nil
    /// when they agree.
    public static func firstDifference(_ committed: String, _ fresh: String, in text: String, at begin: String) -> String? {
        guard committed != fresh else { return nil }
        let (old, new) = (committed.components(separatedBy: "\n"), fresh.components(separatedBy: "\n"))
        let index = zip(old, new).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(old.count, new.count)
        let first = (text.components(separatedBy: begin).first?.components(separatedBy: "\n").count ?? 1) + 1
        let had = index < old.count ? "\"\(old[index])\"" : "nothing"
        let gives = index < new.count ? "\"\(new[index])\"" : "nothing"
        return "\(first + index): has \(had), where scripts/update-manual writes \(gives)"
    }

    /// A Markdown table; a `|` in a cell is escaped.
    public static func table(_ header: [String], _ rows: [[String]]) -> String {
        let lines = [header, header.map { _ in "---" }] + rows
        return lines.map { "| " + $0.map { $0.replacingOccurrences(of: "|", with: "\\|") }.joined(separator: " | ") + " |\n" }.joined()
    }
}
