import ArgumentParser

/// The `storefront` command line: the entry point that parses arguments and hands
/// each command to the composition root.
@main
struct StorefrontCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "storefront",
        abstract: "Sign in to a store and search its products from the terminal.",
        discussion: """
            Storefront is a Swift 6 Clean Architecture reference app. It talks to any \
            server that follows its store protocol, sealed with AES-256-GCM or in plain \
            JSON; the commands (login, whoami, search, logout, serve, demo) are on their way.
            """,
        version: StorefrontVersion.current
    )
}
