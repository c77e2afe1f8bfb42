/// Why a cryptographic operation did not happen. No case carries key material or plaintext.
public enum CryptoError: Error, Equatable, Sendable {
    /// An AES-GCM key must be 16 or 32 bytes; this many were given.
    case invalidKeyLength(Int)
    /// A GCM nonce must be exactly 12 bytes; this many were given.
    case invalidNonceLength(Int)
    /// A sealed message is shorter than its 16-byte tag.
    case messageTooShort(Int)
    /// The tag did not verify: wrong key, wrong associated data, or a changed byte.
    case authenticationFailed
    /// libcrypto takes lengths as `int`; a larger input is refused before any work.
    case inputTooLarge(Int)
    /// The system's secure random generator failed; nothing random was produced.
    case randomGenerationFailed
    /// A libcrypto call reported failure; the associated value names the call.
    case libraryFailure(String)
    /// An X25519 public key must be exactly 32 bytes; this many were given.
    case invalidPublicKey(byteCount: Int)
    /// The key exchange gave the all-zero secret: the peer's key is a low-order point.
    case degenerateSharedSecret
    /// An HPKE context has sealed or opened as many messages as its nonce can count.
    case messageLimitReached
}

extension CryptoError: CustomStringConvertible {
    public var description: String {
        switch self {
        case .invalidKeyLength(let count):
            "an AES-GCM key is 16 or 32 bytes, not \(count)"
        case .invalidNonceLength(let count):
            "an AES-GCM nonce is 12 bytes, not \(count)"
        case .messageTooShort(let count):
            "a sealed message of \(count) bytes is shorter than its 16-byte tag"
        case .authenticationFailed:
            "the sealed message did not authenticate (wrong key, or it was changed)"
        case .inputTooLarge(let count):
            "an input of \(count) bytes is larger than libcrypto accepts (\(Int32.max))"
        case .randomGenerationFailed:
            "the secure random generator failed"
        case .libraryFailure(let call):
            "libcrypto's \(call) failed"
        case .invalidPublicKey(let count):
            "an X25519 public key is 32 bytes, not \(count)"
        case .degenerateSharedSecret:
            "the key exchange gave no secret (the other side's key is a low-order point)"
        case .messageLimitReached:
            "the HPKE context has used every nonce it has"
        }
    }
}

extension Int32 {
    /// `count` as the C `int` libcrypto takes every length as; a larger input is refused
    /// before any work is done on it.
    init(libcryptoLength count: Int) throws(CryptoError) {
        guard let length = Int32(exactly: count) else { throw .inputTooLarge(count) }
        self = length
    }
}
