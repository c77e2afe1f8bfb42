import ArgumentParser

/// `storefront whoami`: the signed-in user, from the server or else the cache.
struct WhoamiCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "whoami",
        abstract: "Show the signed-in user (from the cache, saying so, when the backend is away)."
    )

    @OptionGroup var reading: ReadOptions
    @OptionGroup var options: GlobalOptions

    func run() async throws {
        try await CommandLifecycle.run(options) { root in
            await root.makeAccountPresenter().showCurrentUser(policy: reading.policy).exitStatus
        }
    }
}
