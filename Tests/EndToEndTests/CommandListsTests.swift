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
    /// (`help` aside): each one's JSON object (`commandName`, `abstract`, `arguments`).
    static func subcommands() async throws -> [[String: Any]] {
        let dumped = try await CLI(backend: nil, key: nil).run(["--experimental-dump-help"])
        let object = try JSONSerialization.jsonObject(with: Data(dumped.standardOutput.utf8)) as? [String: Any]
        let command = try #require(object?["command"] as? [String: Any])
        return try #require(command["subcommands"] as? [[String: Any]]).filter { $0["commandName"] as? String != "help" }
    }

    /// The subcommands' names, as the binary reports them.
    static func commands() async throws -> [String] {
        try await subcommands().compactMap { $0["commandName"] as? String }
    }

    static func document(_ path: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
    }

    /// The part of `text` from `heading` to the next heading of the same level.
    static func section(_ heading: String, of text: String) -> String {
        guard let start = text.range(of: "\n" + heading + "\n") else { return "" }
        let rest = text[start.upperBound...]
        return String(rest[..<(rest.range(of: "\n## ")?.lowerBound ?? rest.endIndex)])
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

    @Test("each error code the program prints is in docs/CLI.md's exit statuses table, in the row of its status")
    func exitTableNamesEveryCode() throws {
        let statuses = Dictionary(uniqueKeysWithValues: try Self.document("Presentation/Output/ProcessExitStatus.swift")
            .matches(of: /case\s+(\w+)\s*=\s*(\d+)/).map { (String($0.1), String($0.2)) })
        // Each `ErrorMessage` names its code and then its status; the reporter's own
        // three (a start-up failure, a usage error, an unknown command's item) are written out.
        var codes = try Self.document("Presentation/Output/ErrorMessage.swift")
            .matches(of: /code:\s*"([a-z-]+)"[^}]*?exitStatus:\s*\.(\w+)/).map { (String($0.1), statuses[String($0.2)] ?? "?") }
        codes += [("configuration", "78"), ("usage", "64"), ("not-found", "1")]
        #expect(codes.count >= 18, "the error codes were not read: \(codes)")
        let table = Self.section("## Exit statuses", of: try Self.document("docs/CLI.md")).split(separator: "\n")
        for (code, status) in codes {
            let row = table.first { $0.hasPrefix("| \(status) |") }
            #expect(row?.contains("`\(code)`") == true, "docs/CLI.md's exit statuses table has no `\(code)` in the row of \(status)")
        }
    }
}
