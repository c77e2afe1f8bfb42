/// A write to a user's cart: the lines to add, under the request's idempotency key.
public struct CartAddition: Sendable, Equatable {
    public let userID: Int
    /// Each product once, with how many to add to what the cart holds.
    public let lines: [CartLineRecord]
    /// The request's `Idempotency-Key`, as the client sent it.
    public let key: String
    /// What tells this request from another sent with the same key: the SHA-256 digest
    /// of its target and body.
    public let fingerprint: [UInt8]
    /// Until when (seconds since 1970) the key answers a repeat of this request.
    public let keptUntil: Int64

    public init(userID: Int, lines: [CartLineRecord], key: String, fingerprint: [UInt8], keptUntil: Int64) {
        self.userID = userID
        self.lines = lines
        self.key = key
        self.fingerprint = fingerprint
        self.keptUntil = keptUntil
    }
}
