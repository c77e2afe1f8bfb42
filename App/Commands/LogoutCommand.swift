import AppShared
import ArgumentParser

/// `storefront logout`: forgets the session and the cached user. Idempotent.
struct LogoutCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "logout",
        abstract: "Forget the session and the cached user.",
        discussion: help.discussion
    )

    /// What `--help`, the manual page and the documents say of the command beyond its abstract.
    static let help = CommandHelp(
        does: "Forgets the session and every answer kept for that user. Running it twice is harmless.",
        json: #"`{"signedOut": true}`"#,
        examples: [
            CommandHelp.Example("storefront logout", "also removes this user's cached answers"),
        ]
    )

    @OptionGroup var options: GlobalOptions

    func run() async throws {
        try await CommandLifecycle.run(options) { root in
            await root.makeAccountPresenter().signOut().exitStatus
        }
    }
}
