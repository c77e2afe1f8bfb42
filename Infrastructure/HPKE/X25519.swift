import CLibCrypto

/// An X25519 public key (RFC 7748): 32 bytes, as HPKE's `SerializePublicKey` writes it.
public struct X25519PublicKey: Sendable, Equatable {
    public static let byteCount = 32

    public let rawRepresentation: [UInt8]

    /// Fails unless exactly 32 bytes are given. Every 32-byte string is a point's
    /// u-coordinate; the low-order ones are caught where they matter, in the exchange.
    public init(rawRepresentation: some Collection<UInt8>) throws(CryptoError) {
        guard rawRepresentation.count == Self.byteCount else { throw .invalidPublicKey(byteCount: rawRepresentation.count) }
        self.rawRepresentation = Array(rawRepresentation)
    }
}

/// An X25519 private key held in libcrypto. It never prints its bytes, and they are
/// wiped with the last copy (libcrypto frees an `EVP_PKEY`'s private part cleansed).
public struct X25519PrivateKey: Sendable {
    public static let byteCount = 32

    private let key: PrivateKeyHandle
    public let publicKey: X25519PublicKey

    /// The key whose scalar is `rawRepresentation` (clamped by X25519 itself).
    public init(rawRepresentation: some Collection<UInt8>) throws(CryptoError) {
        guard rawRepresentation.count == Self.byteCount else { throw .invalidKeyLength(rawRepresentation.count) }
        var bytes = Array(rawRepresentation)
        defer { bytes.withUnsafeMutableBytes { OPENSSL_cleanse($0.baseAddress, $0.count) } }
        guard let pointer = EVP_PKEY_new_raw_private_key(EVP_PKEY_X25519, nil, bytes, bytes.count) else {
            throw .libraryFailure("EVP_PKEY_new_raw_private_key(X25519)")
        }
        key = PrivateKeyHandle(pointer)
        var publicBytes = [UInt8](repeating: 0, count: X25519PublicKey.byteCount)
        var length = publicBytes.count
        guard EVP_PKEY_get_raw_public_key(pointer, &publicBytes, &length) == 1, length == X25519PublicKey.byteCount else {
            throw .libraryFailure("EVP_PKEY_get_raw_public_key")
        }
        publicKey = try X25519PublicKey(rawRepresentation: publicBytes)
    }

    /// A fresh key from the secure random generator (RFC 9180 section 7.1.3 allows any
    /// 32 random bytes for X25519's `GenerateKeyPair`).
    public static func generate() throws(CryptoError) -> X25519PrivateKey {
        var bytes = try SecureRandom.bytes(byteCount)
        defer { bytes.withUnsafeMutableBytes { OPENSSL_cleanse($0.baseAddress, $0.count) } }
        return try X25519PrivateKey(rawRepresentation: bytes)
    }

    /// The scalar's 32 bytes, for the gateway's private key file. Handle with care.
    public var rawRepresentation: [UInt8] {
        var bytes = [UInt8](repeating: 0, count: Self.byteCount)
        var length = bytes.count
        guard EVP_PKEY_get_raw_private_key(key.pointer, &bytes, &length) == 1, length == Self.byteCount else { return [] }
        return bytes
    }

    /// The Diffie-Hellman shared secret with `peer`. An all-zero result (a low-order
    /// point) is refused, as RFC 9180 section 7.1.4 requires of X25519.
    func sharedSecret(with peer: X25519PublicKey) throws(CryptoError) -> [UInt8] {
        guard let peerKey = EVP_PKEY_new_raw_public_key(EVP_PKEY_X25519, nil, peer.rawRepresentation, X25519PublicKey.byteCount) else {
            throw .invalidPublicKey(byteCount: X25519PublicKey.byteCount)
        }
        defer { EVP_PKEY_free(peerKey) }
        guard let context = EVP_PKEY_CTX_new(key.pointer, nil) else { throw .libraryFailure("EVP_PKEY_CTX_new") }
        defer { EVP_PKEY_CTX_free(context) }
        guard EVP_PKEY_derive_init(context) == 1, EVP_PKEY_derive_set_peer(context, peerKey) == 1 else {
            throw .libraryFailure("EVP_PKEY_derive_set_peer")
        }
        var secret = [UInt8](repeating: 0, count: 32)
        var length = secret.count
        // libcrypto itself fails the derivation whose result is all zeros.
        guard EVP_PKEY_derive(context, &secret, &length) == 1, length == 32 else { throw .degenerateSharedSecret }
        guard secret.contains(where: { $0 != 0 }) else { throw .degenerateSharedSecret }
        return secret
    }
}

extension X25519PrivateKey: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    public var description: String { "X25519PrivateKey(<redacted>)" }
    public var debugDescription: String { description }
    public var customMirror: Mirror { Mirror(self, children: []) }
}

/// An `EVP_PKEY` owned by one key value and freed with it.
private final class PrivateKeyHandle: @unchecked Sendable {
    /// Only read after `init`; libcrypto's key objects may be used from several threads.
    let pointer: OpaquePointer

    init(_ pointer: OpaquePointer) { self.pointer = pointer }

    deinit { EVP_PKEY_free(pointer) }
}
