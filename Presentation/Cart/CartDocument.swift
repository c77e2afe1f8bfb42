import Domain
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `storefront cart --json` and `cart add --json`: the cart's lines and sums, and where
/// the answer came from (`cachedAt` only from the cache).
struct CartDocument: Encodable {
    struct Line: Encodable {
        let id: Int
        let title: String
        let price: Double
        let quantity: Int
        let total: Double
        let discountedTotal: Double
    }

    let lines: [Line]
    let quantity: Int
    let total: Double
    let discountedTotal: Double
    let source: String
    let cachedAt: String?

    static func json(_ cart: Cart, origin: Origin, now: Date) -> String {
        JSONDocument.encode(CartDocument(
            lines: cart.lines.map { line in
                Line(
                    id: line.productID.rawValue, title: line.title, price: line.price.amount, quantity: line.quantity,
                    total: line.total.amount, discountedTotal: line.discountedTotal.amount
                )
            },
            quantity: cart.quantity, total: cart.total.amount, discountedTotal: cart.discountedTotal.amount,
            source: origin.source, cachedAt: origin.cachedAt(now: now)
        ))
    }
}
