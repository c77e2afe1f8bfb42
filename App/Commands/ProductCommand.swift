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
        abstract: "Show one product in full (from the cache while fresh, or when the backend is away)."
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
