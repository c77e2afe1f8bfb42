import Foundation
import TestSupport
import Testing

/// The completion scripts swift-argument-parser writes for `storefront`, tried in the
/// shell they are for: the bash script sourced in a real bash, asked what
/// `storefront se<TAB>` offers, as bash itself would ask it.
@Suite("Shell completions", .timeLimit(.minutes(5)))
struct CompletionTests {
    static let bash = "/bin/bash"

    @Test("the scripts for bash, zsh and fish are written, and name every command the binary has", arguments: ["bash", "zsh", "fish"])
    func scripts(shell: String) async throws {
        let commands = try await CommandListsTests.commands()
        let result = try await CLI(backend: nil, key: nil).run(["--generate-completion-script", shell])

        #expect(result.status == 0, "\(result.everything)")
        #expect(commands.count >= 10, "the binary's commands were not read: \(commands)")
        for command in commands {
            #expect(result.standardOutput.contains(try Regex("\\b\(command)\\b")), "\(shell) script lacks \(command)")
        }
    }

    @Test(
        "in bash, storefront se<TAB> offers search and serve, and search phone --li<TAB> offers --limit",
        .enabled(if: FileManager.default.isExecutableFile(atPath: bash), "skipped: no /bin/bash")
    )
    func bashOffers() async throws {
        let folder = try TemporaryDirectory()
        let script = try await CLI(backend: nil, key: nil).run(["--generate-completion-script", "bash"])
        try script.standardOutput.write(toFile: folder.file("storefront.bash"), atomically: true, encoding: .utf8)

        let subcommands = try await complete(["storefront", "se"], script: folder.file("storefront.bash"))
        let options = try await complete(["storefront", "search", "phone", "--li"], script: folder.file("storefront.bash"))

        #expect(subcommands == ["serve", "search"])
        #expect(options == ["--limit"])
    }

    /// What the completion function puts in COMPREPLY for `words`, the last one being
    /// completed: bash calls it with the command, the current word and the previous one.
    private func complete(_ words: [String], script: String) async throws -> [String] {
        let line = words.joined(separator: " ")
        let quoted = words.map { "'\($0)'" }.joined(separator: " ")
        let program = """
            source '\(script)'
            COMP_LINE='\(line)'; COMP_POINT=${#COMP_LINE}; COMP_WORDS=(\(quoted)); COMP_CWORD=\(words.count - 1)
            _storefront storefront '\(words[words.count - 1])' '\(words[words.count - 2])'
            printf '%s\\n' "${COMPREPLY[@]}"
            """
        // The completion functions run `storefront` for some answers: find this build's.
        let environment = ["PATH": try CLI.executable().deletingLastPathComponent().path + ":/usr/bin:/bin"]
        let child = try await ChildProcess.run(Self.bash, arguments: ["-c", program], environment: environment)
        #expect(child.status == 0)
        return child.standardOutput.split(separator: "\n").map(String.init)
    }
}
