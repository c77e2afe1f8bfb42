import AppShared
import ArgumentParser
import Domain

/// `storefront cart`: the signed-in user's cart; `cart add` adds to it.
struct CartCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "cart",
        abstract: "Show your cart (needs `storefront login`); `cart add` adds to it.",
        discussion: help.discussion,
        subcommands: [CartAddCommand.self]
    )

    /// What `--help`, the manual page and the documents say of the command beyond its abstract.
    static let help = CommandHelp(
        does: "The signed-in user's cart: id, title, quantity, price and line total of each product, then `N items, TOTAL in all, DISCOUNTED after discounts`; `Your cart is empty.` when it holds nothing. Read like `posts`: kept, asked about each time, a kept cart when the store is away. Signed out, 77. DummyJSON keeps no cart: it answers carts of its own sample data.",
        json: #"`{"lines": [{"id", "title", "price", "quantity", "total", "discountedTotal"}], "quantity", "total", "discountedTotal", "source", "cachedAt"}`"#,
        examples: [
            CommandHelp.Example("storefront cart", "your cart, with what it comes to after discounts"),
        ]
    )

    @OptionGroup var reading: ReadOptions
    @OptionGroup var options: GlobalOptions

    func run() async throws {
        try await CommandLifecycle.run(options) { root in
            await root.makeCartPresenter().show(policy: reading.policy).exitStatus
        }
    }
}
