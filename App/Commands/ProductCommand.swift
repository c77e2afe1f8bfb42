import AppShared
import ArgumentParser
import Domain
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `storefront product ID`: one product in full.
struct ProductCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "product",
        abstract: "Show one product in full (from the cache while fresh, or when the backend is away).",
        discussion: help.discussion
    )

    /// What `--help`, the manual page and the documents say of the command beyond its abstract.
    static let help = CommandHelp(
        does: #"One product in full: title, brand, category, price with its discount, rating, stock, tags, and the description wrapped to the terminal. An id no product has: 1, "No product ID exists." (code `not-found`)."#,
        json: #"a search product plus `"description"`, `"discountPercentage"`, `"tags"` and `"source"`"#,
        examples: [
            CommandHelp.Example("storefront product 1", "one product in full; --json, --offline, --refresh too"),
        ]
    )

    @Argument(help: "The product's id, from 1 (the first column of `storefront search`).")
    var id: Int

    @OptionGroup var reading: ReadOptions
    @OptionGroup var options: GlobalOptions

    /// The domain's identifier from the argument: `validate()` makes it, so a bad id
    /// exits 64 before anything is touched, and `run()` makes it again to ask for.
    private var productID: ProductID {
        get throws(ValidationError) {
            try usage { () throws(InvalidInput) in try ProductID(id) }
        }
    }

    func validate() throws {
        _ = try productID
    }

    func run() async throws {
        let productID = try productID
        try await CommandLifecycle.run(options) { root in
            await root.makeProductPresenter().show(productID, policy: reading.policy).exitStatus
        }
    }
}
