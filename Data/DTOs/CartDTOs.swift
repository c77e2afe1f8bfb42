import Domain

// The cart's wire shapes: a line, a cart, the list `GET /auth/carts/user/{id}` answers,
// and the body `POST /auth/carts/add` sends. They share a file, as the post shapes do,
// because a reader checks them together against PROTOCOL.md.

/// A cart's line as the store API sends it (DummyJSON's shape; `thumbnail` is not read).
/// DummyJSON's answer to an add names the discounted total `discountedPrice`.
struct CartLineDTO: Decodable, Sendable {
    let id: Int
    let title: String
    let price: Double
    let quantity: Int
    let total: Double
    let discountedTotal: Double?
    let discountedPrice: Double?

    func toDomain() throws(InvalidInput) -> CartLine {
        guard let discounted = discountedTotal ?? discountedPrice else {
            throw InvalidInput(field: "discountedTotal", reason: "is missing")
        }
        return try CartLine(
            productID: ProductID(id), title: title, price: Money(amount: price, currency: .usd), quantity: quantity,
            total: Money(amount: total, currency: .usd), discountedTotal: Money(amount: discounted, currency: .usd)
        )
    }
}

/// A cart as the store API sends it: the answer to an add, and each of a user's carts.
struct CartDTO: Decodable, Sendable {
    let products: [CartLineDTO]
    let total: Double
    let discountedTotal: Double

    func toDomain() throws(StoreError) -> Cart {
        do {
            var lines: [CartLine] = []
            for line in products {
                lines.append(try line.toDomain())
            }
            return try Cart(
                lines: lines, total: Money(amount: total, currency: .usd), discountedTotal: Money(amount: discountedTotal, currency: .usd)
            )
        } catch {
            throw .unusableResponse(Diagnostic("cart: \(error)"))
        }
    }
}

/// The answer to `GET /auth/carts/user/{id}`: the user's carts. The first is theirs; none
/// is an empty cart (a user who has added nothing).
struct CartListDTO: Decodable, Sendable {
    let carts: [CartDTO]

    func toDomain() throws(StoreError) -> Cart {
        guard let cart = carts.first else {
            do {
                return try Cart(lines: [], total: Money(minorUnits: 0, currency: .usd), discountedTotal: Money(minorUnits: 0, currency: .usd))
            } catch {
                throw .unusableResponse(Diagnostic("cart: \(error)"))
            }
        }
        return try cart.toDomain()
    }
}

/// The body of `POST /auth/carts/add`: whose cart, and the one line to add.
struct CartAddRequestDTO: Encodable, Sendable {
    struct Line: Encodable, Sendable {
        let id: Int
        let quantity: Int
    }

    let userId: Int
    let products: [Line]
}
