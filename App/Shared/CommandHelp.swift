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
        // Written out rather than `joined`: the generic join asks the runtime whether
        // `[String]` is a `Collection`, a scan of every conformance record, and this
        // runs for every command as the parser builds each one's configuration.
        var text = does
        if let json { text += "\n\n" + Self.jsonHeading + " " + json }
        if !examples.isEmpty {
            // Each command on its line, its note under it: a terminal wraps nothing mid-command.
            text += "\n\n" + Self.examplesHeading
            for example in examples {
                text += "\n  " + example.command
                if !example.note.isEmpty { text += "\n      " + example.note }
            }
        }
        return text
    }
}
