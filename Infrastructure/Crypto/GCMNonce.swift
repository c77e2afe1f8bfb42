/// The 12-byte nonce (IV) of one AES-GCM message.
///
/// Under one key a nonce must never repeat, or GCM leaks the authentication key.
/// Fresh random nonces from `random()` make a repeat negligible for far more
/// messages than any Storefront session sends (2^32 messages keep it below 2^-32).
public struct GCMNonce: Sendable, Equatable, Hashable {
    public static let byteCount = 12

    public let bytes: [UInt8]

    /// Fails unless exactly 12 bytes are given: the only nonce size the protocol allows.
    public init(bytes: some Collection<UInt8>) throws(CryptoError) {
        guard bytes.count == GCMNonce.byteCount else {
            throw .invalidNonceLength(bytes.count)
        }
        self.bytes = Array(bytes)
    }

    /// A fresh nonce from the secure random generator (drawn in batches: `NonceSource`).
    public static func random() throws(CryptoError) -> GCMNonce {
        try GCMNonce(bytes: NonceSource.shared.bytes(byteCount))
    }
}
