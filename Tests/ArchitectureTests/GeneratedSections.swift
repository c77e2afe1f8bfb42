import Foundation
import TestSupport

/// The parts of the documents written from the commands' help and the sources rather than by hand, each
/// between its markers: `scripts/update-manual` writes them, and a test names the first
/// line that differs from what the help gives.
struct GeneratedSection: Sendable {
    /// Where it is: the document and the markers' name.
    let section: MarkedSection
    /// What lies between the markers, from the commands and the repository's files.
    let render: @Sendable (_ commands: [CommandReference], _ root: URL) throws -> String

    init(document: String, name: String, render: @escaping @Sendable (_ commands: [CommandReference], _ root: URL) throws -> String) {
        (self.section, self.render) = (MarkedSection(document: document, name: name), render)
    }

    static let all = [cliCommands, readingCommands, cliOutput, readmeCommands, usingServe, usingClient]

    /// docs/CLI.md's table of commands: each one's synopsis, and what it does.
    static let cliCommands = GeneratedSection(document: "docs/CLI.md", name: "commands") { commands, _ in
        MarkedSection.table(["command", "what it does"], commands.map { ["`\($0.synopsis)`", $0.does] })
    }

    /// docs/CLI.md's list of the commands that read, the ones that take `--offline`.
    static let readingCommands = GeneratedSection(document: "docs/CLI.md", name: "reading-commands") { commands, _ in
        commands.filter { $0.options.contains("offline") }.map { "`\($0.name)`" }.joined(separator: ", ") + ".\n"
    }

    /// docs/CLI.md's Output table: each command's `--json` document.
    static let cliOutput = GeneratedSection(document: "docs/CLI.md", name: "json-documents") { commands, _ in
        MarkedSection.table(["command", "document"], commands.compactMap { command in command.json.map { ["`\(command.name)`", $0] } })
    }

    /// The README's command list: each command's first example.
    static let readmeCommands = GeneratedSection(document: "README.md", name: "commands") { commands, _ in
        shell(commands.compactMap(\.examples.first))
    }

    /// docs/USING.md's backend terminal: every example of `serve`.
    static let usingServe = GeneratedSection(document: "docs/USING.md", name: "serve-examples") { commands, _ in
        shell(commands.filter { $0.name == "serve" }.flatMap(\.examples))
    }

    /// docs/USING.md's client terminal: every example of every command but the two that
    /// run a backend of their own.
    static let usingClient = GeneratedSection(document: "docs/USING.md", name: "client-examples") { commands, _ in
        shell(commands.filter { !["serve", "demo"].contains($0.name) }.flatMap(\.examples))
    }

    /// A `sh` code block of examples, their notes as comments in one column.
    static func shell(_ examples: [CommandReference.Example]) -> String {
        let width = examples.filter { !$0.note.isEmpty }.map(\.command.count).max() ?? 0
        let lines = examples.map { example in
            example.note.isEmpty ? example.command : example.command.padding(toLength: max(width, example.command.count), withPad: " ", startingAt: 0) + "  # " + example.note
        }
        return "```sh\n" + lines.map { $0 + "\n" }.joined() + "```\n"
    }
}
