import ArgumentParser
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `storefront categories`: the store's categories.
struct CategoriesCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "categories",
        abstract: "List the store's categories: slug and name."
    )

    @OptionGroup var reading: ReadOptions
    @OptionGroup var options: GlobalOptions

    func run() async throws {
        try await CommandLifecycle.run(options) { root in
            await root.makeCategoriesPresenter().show(policy: reading.policy).exitStatus
        }
    }
}
