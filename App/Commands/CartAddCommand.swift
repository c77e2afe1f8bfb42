import AppShared
import ArgumentParser
import Domain

/// `storefront cart add PRODUCT_ID`: a write, sent once.
struct CartAddCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add",
        abstract: "Add a product to your cart, and show the cart that results.",
        discussion: help.discussion
    )

    /// What `--help`, the manual page and the documents say of the command beyond its abstract.
    static let help = CommandHelp(
        does: #"Adds `--quantity` (1 to 1,000; 1 when left out) of the product to the signed-in user's cart, then prints `Added N of product ID.` and the cart that results, as `cart` shows it. Sent once: never answered from the cache, never sent twice unless the store itself said it did not act (a 401, then the renewed session; a sealed date refusal). When no answer says whether it was done (a reset, a timeout, a 5xx, a relay's 502, 503 or 504): 75 and "No answer came, so the store may have added it; run the same command again within the hour, and it will not be added twice." (code `outcome-unknown`): the same command then sends the same `Idempotency-Key`. Nothing sent, the store unreachable: 69. An id no product has: 1, "No product ID exists." `--offline` and `--refresh` are refused (64): a write always asks the store. DummyJSON ignores the key and keeps nothing: it answers a cart of the one product."#,
        json: "the document `cart` prints, its `source` `network`",
        examples: [
            CommandHelp.Example("storefront cart add 1 --quantity 2", "adds two of product 1, then shows the cart"),
        ]
    )

    @Argument(help: "The product's id, from 1 (the first column of `storefront search`).")
    var id: Int

    @Option(name: .long, help: "How many to add, 1 to 1,000.")
    var quantity: Int = 1

    @OptionGroup var options: GlobalOptions
    /// `cart`'s reading options, which the parser takes wherever they stand, `--offline`
    /// after `add` too: refused here with a sentence, since a write needs the store.
    @ParentCommand var cart: CartCommand

    /// The domain's values from the arguments: `validate()` makes them, so a bad value
    /// exits 64 before anything is touched, and `run()` makes them again to hand on.
    private var addition: (product: ProductID, quantity: Quantity) {
        get throws(ValidationError) {
            try usage { () throws(InvalidInput) in (try ProductID(id), try Quantity(quantity)) }
        }
    }

    func validate() throws {
        if cart.reading.offline || cart.reading.refresh {
            throw ValidationError("--offline and --refresh are for reads: a write always asks the store, and never the cache. Run it without them.")
        }
        _ = try addition
    }

    func run() async throws {
        let (product, quantity) = try addition
        try await CommandLifecycle.run(options) { root in
            await root.makeCartPresenter().add(product, quantity: quantity).exitStatus
        }
    }
}
