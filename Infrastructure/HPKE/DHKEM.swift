/// DHKEM(X25519, HKDF-SHA256), RFC 9180 section 4.1: a key encapsulation built from
/// an X25519 exchange with a fresh ephemeral key, whose shared secret is bound to both
/// public keys (`kem_context`).
enum DHKEM {
    /// `suite_id` inside the KEM: "KEM" and the KEM's id.
    private static let suite = Array("KEM".utf8) + HPKESuite.bigEndian(HPKESuite.kemID)
    /// `Nsecret`.
    static let secretByteCount = 32

    /// The shared secret and the encapsulated key (`enc`, the ephemeral public key) for
    /// `recipient`.
    static func encapsulate(to recipient: X25519PublicKey, ephemeral: X25519PrivateKey) throws(CryptoError) -> (sharedSecret: [UInt8], encapsulatedKey: [UInt8]) {
        var exchanged = try ephemeral.sharedSecret(with: recipient)
        defer { wipe(&exchanged) }
        let encapsulatedKey = ephemeral.publicKey.rawRepresentation
        let secret = try extractAndExpand(exchanged, context: encapsulatedKey + recipient.rawRepresentation)
        return (secret, encapsulatedKey)
    }

    /// The shared secret the sender of `encapsulatedKey` holds, for the recipient's key.
    static func decapsulate(_ encapsulatedKey: [UInt8], with recipient: X25519PrivateKey) throws(CryptoError) -> [UInt8] {
        let sender = try X25519PublicKey(rawRepresentation: encapsulatedKey)
        var exchanged = try recipient.sharedSecret(with: sender)
        defer { wipe(&exchanged) }
        return try extractAndExpand(exchanged, context: encapsulatedKey + recipient.publicKey.rawRepresentation)
    }


    private static func extractAndExpand(_ exchanged: [UInt8], context: [UInt8]) throws(CryptoError) -> [UInt8] {
        var key = try LabeledKDF.extract(suite: suite, salt: [], label: "eae_prk", inputKeyMaterial: exchanged)
        defer { wipe(&key) }
        return try LabeledKDF.expand(suite: suite, pseudorandomKey: key, label: "shared_secret", info: context, length: secretByteCount)
    }
}
