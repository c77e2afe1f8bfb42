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

    /// Checked here too, so a bad id exits 64 before anything is touched.
    func validate() throws {
        do {
            _ = try ProductID(id)
        } catch {
            throw ValidationError(error.sentence)
        }
    }

    func run() async throws {
        try await CommandLifecycle.run(options) { root in
            await root.makeProductPresenter().show(id: id, policy: reading.policy).exitStatus
        }
    }
}
