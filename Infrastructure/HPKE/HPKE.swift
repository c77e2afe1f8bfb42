/// Hybrid Public Key Encryption, RFC 9180, base mode, on OpenSSL 3.0's X25519, HKDF and
/// AES-GCM (3.0 has no `OSSL_HPKE_*`; those came in 3.2).
///
/// A sender needs only the recipient's public key; each setup draws a fresh ephemeral
/// key, so two senders holding the same public key cannot read each other's messages.
public enum HPKE {
    /// `SetupBaseS`: the encapsulated key to send and the context to seal with.
    public static func sender(
        to recipient: X25519PublicKey,
        info: [UInt8],
        suite: HPKESuite
    ) throws(CryptoError) -> HPKESender {
        try sender(to: recipient, info: info, suite: suite, ephemeral: X25519PrivateKey.generate())
    }

    /// `SetupBaseS` with a caller-chosen ephemeral key. Internal on purpose: only
    /// known-answer tests may pick it, because an ephemeral key used twice lets one
    /// exchange's secret open the other's.
    static func sender(
        to recipient: X25519PublicKey,
        info: [UInt8],
        suite: HPKESuite,
        ephemeral: X25519PrivateKey
    ) throws(CryptoError) -> HPKESender {
        var (secret, encapsulatedKey) = try DHKEM.encapsulate(to: recipient, ephemeral: ephemeral)
        defer { wipe(&secret) }
        return HPKESender(encapsulatedKey: encapsulatedKey, context: try HPKEContext(suite: suite, sharedSecret: secret, info: info))
    }

    /// `SetupBaseR`: the context the sender of `encapsulatedKey` made, for the recipient.
    public static func recipient(
        encapsulatedKey: [UInt8],
        privateKey: X25519PrivateKey,
        info: [UInt8],
        suite: HPKESuite
    ) throws(CryptoError) -> HPKEContext {
        var secret = try DHKEM.decapsulate(encapsulatedKey, with: privateKey)
        defer { wipe(&secret) }
        return try HPKEContext(suite: suite, sharedSecret: secret, info: info)
    }
}

/// What `SetupBaseS` gives a sender: the encapsulated key (`enc`) to send, and its context.
public struct HPKESender: ~Copyable, Sendable {
    /// `enc`: the ephemeral public key, sent with the first message.
    public let encapsulatedKey: [UInt8]
    public var context: HPKEContext
}
