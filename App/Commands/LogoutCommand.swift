import ArgumentParser

/// `storefront logout`: forgets the session and the cached user. Idempotent.
struct LogoutCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "logout",
        abstract: "Forget the session and the cached user."
    )

    @OptionGroup var options: GlobalOptions

    func run() async throws {
        try await CommandLifecycle.run(options) { root in
            await root.makeAccountPresenter().signOut().exitStatus
        }
    }
}
