import AppShared
import Foundation
import Testing
import TestSupport

/// The documents' generated sections say what the commands' help says (the help dump,
/// itself held to the binary). When they do not, `scripts/update-manual` rewrites them
/// (this suite, given the token that run made).
@Suite("The documents' command sections are the help's", .timeLimit(.minutes(1)))
struct GeneratedSectionsTests {
    static let root = PackageReader.repositoryRoot

    /// Checks each section, or writes it when `scripts/update-manual` asks
    /// (`MarkedSection.updating`).
    @Test("each generated section is what the help gives")
    func sectionsAreCurrent() throws {
        let commands = try CommandReference.all(in: Self.root)
        #expect(commands.count >= 10, "the commands were not read from \(CommandReference.helpDump)")
        for generated in GeneratedSection.all {
            if let wrong = try generated.section.keep(try generated.render(commands, Self.root)) {
                Issue.record("\(wrong)")
            }
        }
    }

    @Test("the parts of a discussion are read back as CommandHelp lays them out")
    func discussionReadBack() {
        let help = CommandHelp(
            does: "Does one thing.\n\nAnd another.", json: "{\"a\"}",
            examples: [CommandHelp.Example("storefront x --y", "why"), CommandHelp.Example("storefront x")]
        )
        let command = CommandReference(name: "x", arguments: [["kind": "positional", "valueName": "id", "isOptional": false]], discussion: help.discussion)
        #expect(command.synopsis == "storefront x ID")
        #expect(command.does == "Does one thing. And another.")
        #expect(command.json == "{\"a\"}")
        #expect(command.examples == [.init(command: "storefront x --y", note: "why"), .init(command: "storefront x", note: "")])
    }

    @Test("a stale section is named by its first differing line, with both versions")
    func staleSectionNamed() throws {
        let generated = GeneratedSection.readmeCommands
        let section = generated.section
        let help = CommandHelp(does: "Does.", examples: [CommandHelp.Example("storefront x", "new")])
        let commands = [CommandReference(name: "x", arguments: [], discussion: help.discussion)]
        let text = "# T\n\n\(section.begin)\n```sh\nstorefront x  # old\n```\n\(section.end)\n"
        let committed = try #require(section.committed(in: text))
        let fresh = try generated.render(commands, Self.root)
        let difference = MarkedSection.firstDifference(committed, fresh, in: text, at: section.begin)
        #expect(difference == "5: has \"storefront x  # old\", where scripts/update-manual writes \"storefront x  # new\"")
        let replaced = try #require(section.replacing(in: text, with: fresh))
        #expect(replaced.hasPrefix("# T\n\n\(section.begin)\n") && replaced.hasSuffix("\(section.end)\n"))
        #expect(section.committed(in: replaced) == fresh)
    }
}
