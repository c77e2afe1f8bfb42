import Foundation
import Infrastructure

/// The cart routes: a user's cart, read and added to, only by that user. A write carries
/// an `Idempotency-Key`, so a client that never heard the answer can send it again and
/// be answered what the first one was, with nothing added twice.
extension StoreService {
    /// How long a write's key answers a repeat, in seconds: a day, as docs/PROTOCOL.md says.
    static let keyLifetime: Int64 = 86_400
    /// The most lines one write may add, and the most of one product a line may add.
    static let maximumLines = 100
    static let maximumQuantity = 1_000

    /// `userID`'s carts, only to that user.
    func userCarts(_ identifier: String, of user: StoreUser) async -> StoreResponse {
        guard Int(identifier) == user.id else {
            return message(403, "You can read only your own cart")
        }
        let lines: [CartLineRecord]
        do {
            lines = try await carts.cart(of: user.id)
        } catch {
            return Self.storeUnavailable
        }
        let found = lines.isEmpty ? [] : [WireBodies.Cart(userID: user.id, lines: lines, catalogue: catalogue)]
        return json(200, WireBodies.CartList(carts: found, total: found.count, skip: 0, limit: found.count))
    }

    /// Adds the request's lines to the signed-in user's cart, once for each key: 201 with
    /// the cart that results, the same 201 for the same request sent again with its key,
    /// and 422 for another request with that key.
    func addToCart(_ request: StoreRequest, of user: StoreUser) async -> StoreResponse {
        guard let header = request.header("Idempotency-Key"), let key = IdempotencyKey(header: header) else {
            return message(400, "Idempotency-Key is required: a quoted string of 1 to \(IdempotencyKey.maximumLength) printable characters")
        }
        guard let body = try? JSONDecoder().decode(WireBodies.CartAddRequest.self, from: Data(request.body)),
              (1...Self.maximumLines).contains(body.products.count),
              body.products.allSatisfy({ (1...Self.maximumQuantity).contains($0.quantity) }) else {
            return message(400, "userId and 1 to \(Self.maximumLines) products, each an id and a quantity of 1 to \(Self.maximumQuantity), required")
        }
        guard body.userId == user.id else {
            return message(403, "You can change only your own cart")
        }
        if let unknown = body.products.first(where: { catalogue.product(id: $0.id) == nil }) {
            return message(404, "Product with id '\(unknown.id)' not found")
        }
        let lines = Dictionary(body.products.map { ($0.id, $0.quantity) }, uniquingKeysWith: +)
            .sorted { $0.key < $1.key }
            .map { CartLineRecord(productID: $0.key, quantity: $0.value) }
        guard let fingerprint = try? SHA256.hash(Array(request.target.utf8) + [0x0A] + request.body) else {
            return message(500, "Could not read the request's fingerprint")
        }
        let now = Int64(clock.now.timeIntervalSince1970.rounded(.down))
        let addition = CartAddition(userID: user.id, lines: lines, key: key.value, fingerprint: fingerprint, keptUntil: now + Self.keyLifetime)
        let written: CartWrite
        do {
            written = try await carts.add(addition, now: now)
        } catch {
            return Self.storeUnavailable
        }
        switch written {
        case .added(let cart), .answeredBefore(let cart):
            return json(201, WireBodies.Cart(userID: user.id, lines: cart, catalogue: catalogue))
        case .keyReused:
            return message(422, "This Idempotency-Key came with another request; a new write needs a new key")
        }
    }
}
