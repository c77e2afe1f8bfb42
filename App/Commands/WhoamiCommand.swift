import AppShared
import ArgumentParser

/// `storefront whoami`: the signed-in user, from the server or else the cache.
struct WhoamiCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "whoami",
        abstract: "Show the signed-in user (from the cache, saying so, when the backend is away).",
        discussion: help.discussion
    )

    /// What `--help`, the manual page and the documents say of the command beyond its abstract.
    static let help = CommandHelp(
        does: "The signed-in user: from the backend when it answers, else from the cache, saying so.",
        json: #"`{"id", "username", "email", "firstName", "lastName", "source"}`"#,
        examples: [
            CommandHelp.Example("storefront whoami"),
        ]
    )

    @OptionGroup var reading: ReadOptions
    @OptionGroup var options: GlobalOptions

    func run() async throws {
        try await CommandLifecycle.run(options) { root in
            await root.makeAccountPresenter().showCurrentUser(policy: reading.policy).exitStatus
        }
    }
}
