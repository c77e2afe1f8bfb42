import AppShared
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
        abstract: "List the store's categories: slug and name.",
        discussion: help.discussion
    )

    /// What `--help`, the manual page and the documents say of the command beyond its abstract.
    static let help = CommandHelp(
        does: "The store's categories, slug and name, one per line (a table on a terminal).",
        json: #"`{"categories": [{"slug", "name"}], "source"}`"#,
        examples: [
            CommandHelp.Example("storefront categories", "slug and name (a table on a terminal, tab-separated when piped)"),
        ]
    )

    @OptionGroup var reading: ReadOptions
    @OptionGroup var options: GlobalOptions

    func run() async throws {
        try await CommandLifecycle.run(options) { root in
            await root.makeCategoriesPresenter().show(policy: reading.policy).exitStatus
        }
    }
}
