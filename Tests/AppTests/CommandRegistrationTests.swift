@testable import App
import Foundation
import TestSupport
import Testing

/// A command is its type and its line in `StorefrontCommand`'s subcommands (or its
/// parent command's). Left out of
/// that list, a command fails only as "Unknown option" in its own end-to-end test, and
/// the documents' checks never see it: this names it.
@Suite("Every command is registered", .timeLimit(.minutes(1)))
struct CommandRegistrationTests {
    /// Each `…Command.swift` of the client's folders (the server's are another program's).
    static func declaredCommands() throws -> [String] {
        let app = RepositoryFolder.root.appendingPathComponent("App")
        let files = try #require(FileManager.default.enumerator(atPath: app.path)).compactMap { $0 as? String }
        return files
            .filter { !$0.hasPrefix("Server/") && !$0.hasPrefix("Shared/") }
            .map { ($0 as NSString).lastPathComponent }
            .filter { $0.hasSuffix("Command.swift") && $0 != "StorefrontCommand.swift" }
            .map { String($0.dropLast(".swift".count)) }
            .sorted()
    }

    @Test("each …Command.swift in App/ declares a command StorefrontCommand registers")
    func everyCommandRegistered() throws {
        let declared = try Self.declaredCommands()
        #expect(declared.count >= 10, "the command files were not found: \(declared)")
        // Every command under the root, its subcommands' subcommands too (`cart add`).
        var pending = StorefrontCommand.configuration.subcommands
        var registered: Set<String> = []
        while let command = pending.popLast() {
            registered.insert(String(describing: command))
            pending += command.configuration.subcommands
        }
        let unregistered = declared.filter { !registered.contains($0) }
        #expect(
            unregistered.isEmpty,
            "not registered: add \(unregistered.map { "\($0).self" }.joined(separator: ", ")) to StorefrontCommand's subcommands (App/Commands/StorefrontCommand.swift), or to its parent command's"
        )
    }
}
