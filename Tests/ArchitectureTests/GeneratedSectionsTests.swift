import AppShared
import Foundation
import Testing

/// The documents' generated sections say what the commands' help says (the help dump,
/// itself held to the binary). When they do not, `scripts/update-manual` rewrites them
/// (this suite, given the token that run made).
@Suite("The documents' command sections are the help's", .timeLimit(.minutes(1)))
struct GeneratedSectionsTests {
    static let root = PackageReader.repositoryRoot

    /// `scripts/update-manual` sets this; then the sections are written, not checked.
    /// Only the token that run wrote into this clone counts.
    static var updating: Bool {
        guard let asked = ProcessInfo.processInfo.environment["STOREFRONT_UPDATE_DOCUMENTS"], !asked.isEmpty else { return false }
        let file = root.appendingPathComponent(".build-architecture/update-documents-token")
        let token = (try? String(contentsOf: file, encoding: .utf8))?.trimmingCharacters(in: .whitespacesAndNewlines)
        return asked == token
    }

    @Test("each generated section is what the help gives", .disabled(if: updating, "rewriting the sections instead"))
    func sectionsAreCurrent() throws {
        let commands = try CommandReference.all(in: Self.root)
        #expect(commands.count >= 10, "the commands were not read from \(CommandReference.helpDump)")
        for section in GeneratedSection.all {
            let text = try String(contentsOf: Self.root.appendingPathComponent(section.document), encoding: .utf8)
            guard let committed = section.committed(in: text) else {
                Issue.record("\(section.document) has no \(section.begin) … \(section.end)")
                continue
            }
            if let difference = Self.firstDifference(committed, try section.render(commands, Self.root), in: text, at: section.begin) {
                Issue.record("\(section.document):\(difference): run it, and commit what it writes")
            }
        }
    }

    @Test("scripts/update-manual writes each section from the help", .enabled(if: updating, "only when asked to rewrite"))
    func rewriteSections() throws {
        let commands = try CommandReference.all(in: Self.root)
        for section in GeneratedSection.all {
            let file = Self.root.appendingPathComponent(section.document)
            let text = try String(contentsOf: file, encoding: .utf8)
            let rewritten = try #require(section.replacing(in: text, with: try section.render(commands, Self.root)), "\(section.document) has no \(section.name) markers")
            try rewritten.write(to: file, atomically: true, encoding: .utf8)
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
        let section = GeneratedSection.readmeCommands
        let help = CommandHelp(does: "Does.", examples: [CommandHelp.Example("storefront x", "new")])
        let commands = [CommandReference(name: "x", arguments: [], discussion: help.discussion)]
        let text = "# T\n\n\(section.begin)\n```sh\nstorefront x  # old\n```\n\(section.end)\n"
        let committed = try #require(section.committed(in: text))
        let fresh = try section.render(commands, Self.root)
        let difference = Self.firstDifference(committed, fresh, in: text, at: section.begin)
        #expect(difference == "5: has \"storefront x  # old\", where scripts/update-manual writes \"storefront x  # new\"")
        let replaced = try #require(section.replacing(in: text, with: fresh))
        #expect(replaced.hasPrefix("# T\n\n\(section.begin)\n") && replaced.hasSuffix("\(section.end)\n"))
        #expect(section.committed(in: replaced) == fresh)
    }

    /// The first line where `committed` and `fresh` differ, as `LINE: has …, where
    /// scripts/update-manual writes …`, its number counted in the whole document; nil
    /// when they agree.
    static func firstDifference(_ committed: String, _ fresh: String, in text: String, at begin: String) -> String? {
        guard committed != fresh else { return nil }
        let (old, new) = (committed.components(separatedBy: "\n"), fresh.components(separatedBy: "\n"))
        let index = zip(old, new).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(old.count, new.count)
        let first = (text.components(separatedBy: begin).first?.components(separatedBy: "\n").count ?? 1) + 1
        let had = index < old.count ? "\"\(old[index])\"" : "nothing"
        let gives = index < new.count ? "\"\(new[index])\"" : "nothing"
        return "\(first + index): has \(had), where scripts/update-manual writes \(gives)"
    }
}
