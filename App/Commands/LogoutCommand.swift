import AppShared
import ArgumentParser

/// `storefront logout`: asks the store to end the session, then forgets it and the
/// cached user whatever the store said. Idempotent.
struct LogoutCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "logout",
        abstract: "End the session at the store, and forget it and the cached user.",
        discussion: help.discussion
    )

    /// What `--help`, the manual page and the documents say of the command beyond its abstract.
    static let help = CommandHelp(
        does: "Asks the store to end the session (RFC 7009's revocation: every token of the sign-in stops working), "
            + "then forgets the session and every answer kept for that user, whatever the store said. A store that cannot "
            + "be reached, whose answer is lost, or that has no way to end a session (DummyJSON), may honour its tokens "
            + "until they expire, and the command says so; it exits 0 all the same. Sent once, as every POST is (CLI.md, \"Sent once\"). Running it twice is harmless.",
        json: #"`{"signedOut": true, "store": "ended"}`; `store` is `ended`, `not-offered`, `unconfirmed` or `no-session`"#,
        examples: [
            CommandHelp.Example("storefront logout", "ends the session at the store too, and removes this user's cached answers"),
        ]
    )

    @OptionGroup var options: GlobalOptions

    func run() async throws {
        try await CommandLifecycle.run(options) { root in
            await root.makeAccountPresenter().signOut().exitStatus
        }
    }
}
