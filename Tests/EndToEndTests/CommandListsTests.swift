import Foundation
import TestSupport
import Testing

/// The lists a new command has to join that are not written from its help, held to the
/// commands the binary really has (its own help dump, which is what
/// swift-argument-parser's manual and completions are written from): the manual page,
/// and every error code the program prints,
/// in CLI.md's exit statuses table in its status's row. Leaving a command or code out
/// fails here, naming the list; `CompletionTests` holds the three completion scripts to
/// the same commands, and `GeneratedSectionsTests` the documents' command tables and
/// examples.
@Suite("Every command is in every list not written from its help", .timeLimit(.minutes(5)))
struct CommandListsTests {
    static let root = RepositoryFolder.root

    /// The subcommands of `storefront` as the binary's help dump describes them
    /// (`help` aside), each followed by its own (`cart add`): each one's JSON object
    /// (`commandName`, `abstract`, `arguments`), with the words that run it under `path`.
    static func subcommands() async throws -> [[String: Any]] {
        let dumped = try await CLI(backend: nil, key: nil).run(["--experimental-dump-help"])
        let object = try JSONSerialization.jsonObject(with: Data(dumped.standardOutput.utf8)) as? [String: Any]
        return flattened(try #require(object?["command"] as? [String: Any]), path: [])
    }

    private static func flattened(_ parent: [String: Any], path: [String]) -> [[String: Any]] {
        (parent["subcommands"] as? [[String: Any]] ?? []).flatMap { command -> [[String: Any]] in
            guard let name = command["commandName"] as? String, name != "help" else { return [] }
            var described = command
            described["path"] = path + [name]
            return [described] + flattened(command, path: path + [name])
        }
    }

    /// The subcommands' names, as the binary reports them.
    static func commands() async throws -> [String] {
        try await subcommands().compactMap { $0["commandName"] as? String }
    }

    static func document(_ path: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
    }

    /// The tables and examples of docs/CLI.md, the README and docs/USING.md are written
    /// from the same help (`GeneratedSectionsTests`); the manual page is generated from
    /// the definitions too, and this holds it to the binary.
    @Test("each command has its entry in the manual page")
    func manualNamesEveryCommand() async throws {
        let commands = try await Self.commands()
        #expect(commands.count >= 10, "the binary's commands were not read: \(commands)")
        let manual = try Self.document("docs/storefront.1")
        // What is missing, in words: an expectation on `manual.contains(…)` would print
        // the whole manual before its message.
        let missing = commands.filter { !manual.contains(".It Em \($0)\n") }
        #expect(missing.isEmpty, "docs/storefront.1 has no entry for \(missing): run scripts/update-manual")
    }
}
