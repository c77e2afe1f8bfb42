import Domain
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Styling

/// `storefront cart` and `cart add`: the signed-in user's cart as a table of its lines
/// (id, title, quantity, price, line total), then what it comes to before and after
/// discounts; or one line saying it is empty. An add says what it added first.
public struct CartPresenter {
    private let showCart: ShowCart
    private let addToCart: AddToCart
    private let console: Console

    /// The columns; the title gives way first on a narrow terminal.
    static let table = TextTable<CartLine>(
        columns: [
            .init(heading: "ID", alignedRight: true, text: { String($0.productID.rawValue) }, style: { _ in .secondary }),
            .init(heading: "TITLE", text: { $0.title }),
            .init(heading: "QTY", alignedRight: true, text: { String($0.quantity) }),
            .init(heading: "PRICE", alignedRight: true, text: { $0.price.description }, style: { _ in .price }),
            .init(heading: "TOTAL", alignedRight: true, text: { $0.total.description }, style: { _ in .price }),
        ],
        flexible: 1,
        flexibleMinimum: 12
    )

    public init(showCart: ShowCart, addToCart: AddToCart, console: Console) {
        self.showCart = showCart
        self.addToCart = addToCart
        self.console = console
    }

    /// Shows the cart; returns what it showed.
    @discardableResult
    public func show(policy: ReadPolicy = .standard) async -> Result<Fetched<Cart>, StoreError> {
        do {
            console.output.beginActivity("Loading your cart")
            defer { console.output.endActivity() }
            let fetched = try await showCart(policy: policy)
            if console.format == .human, let notice = CacheNotice.line(for: fetched.origin, subject: "your cart") {
                console.output.printDiagnostic(notice)
            }
            render(fetched.value, origin: fetched.origin)
            return .success(fetched)
        } catch {
            console.errors.report(error)
            return .failure(error)
        }
    }

    /// Adds `quantity` of `product`, then shows the cart that results; returns it.
    @discardableResult
    public func add(_ product: ProductID, quantity: Quantity) async -> Result<Cart, StoreError> {
        do {
            console.output.beginActivity("Adding to your cart")
            defer { console.output.endActivity() }
            let cart = try await addToCart(product, quantity: quantity)
            if console.format == .human {
                console.output.printLine(StyledText("Added \(quantity.rawValue) of product \(product.rawValue).", style: .success))
            }
            render(cart, origin: .network)
            return .success(cart)
        } catch {
            switch error {
            case .notFound:
                console.errors.report(error, saying: "No product \(product.rawValue) exists.")
            case .outcomeUnknown(_, let keyKept):
                console.errors.report(error, saying: keyKept ? Self.mayHaveAdded : Self.mayHaveAddedKeyLost)
            default:
                console.errors.report(error)
            }
            return .failure(error)
        }
    }

    /// An add whose outcome is unknown, in the cart's words: its key kept, or not.
    static let mayHaveAdded = "No answer came, so the store may have added it; run the same command again within the hour, and it will not be added twice."
    static let mayHaveAddedKeyLost = "No answer came, so the store may have added it, and its key could not be kept here; run `storefront cart` before adding it again, or it may be added twice."

    private func render(_ cart: Cart, origin: Origin) {
        if console.format == .json {
            console.output.printLine(CartDocument.json(cart, origin: origin, now: console.now()))
            return
        }
        Self.lines(for: cart, width: console.width).forEach(console.output.printLine)
    }

    /// The cart as a person reads it: the table and its sums, or that it is empty.
    static func lines(for cart: Cart, width: Int?) -> [StyledText] {
        guard !cart.lines.isEmpty else { return [StyledText("Your cart is empty.")] }
        let items = cart.quantity == 1 ? "1 item" : "\(cart.quantity) items"
        return table.lines(for: cart.lines, width: width) + [
            StyledText(""),
            StyledText("\(items), \(cart.total) in all, \(cart.discountedTotal) after discounts"),
        ]
    }
}
