/// What `--help` says of a command after its abstract, in three parts, each written
/// once, here: what the command does, the document `--json` prints, and examples. The
/// manual page is made from the same help, and `scripts/update-manual` writes the parts
/// from the help dump into docs/CLI.md (the commands and Output tables), the README's
/// command list and docs/USING.md's examples.
public struct CommandHelp: Sendable {
    /// One way to run the command, and what it shows.
    public struct Example: Sendable {
        public let command: String
        public let note: String

        public init(_ command: String, _ note: String = "") {
            self.command = command
            self.note = note
        }
    }

    /// What the command does and promises, as a script can count on it.
    public let does: String
    /// The shape of the one document `--json` prints; nil where `does` says it.
    public let json: String?
    /// The first is the one the README lists.
    public let examples: [Example]

    public init(does: String, json: String? = nil, examples: [Example]) {
        self.does = does
        self.json = json
        self.examples = examples
    }

    /// The headings the parts go under, which the documents' writer reads them back by.
    public static let jsonHeading = "JSON output:"
    public static let examplesHeading = "Examples:"

    /// The help's discussion: `does`, then each other part under its heading.
    public var discussion: String {
        var parts = [does]
        if let json { parts.append("\(Self.jsonHeading) \(json)") }
        if !examples.isEmpty {
            // Each command on its line, its note under it: a terminal wraps nothing mid-command.
            let lines = examples.flatMap { ["  " + $0.command] + ($0.note.isEmpty ? [] : ["      " + $0.note]) }
            parts.append(([Self.examplesHeading] + lines).joined(separator: "\n"))
        }
        return parts.joined(separator: "\n\n")
    }
}
