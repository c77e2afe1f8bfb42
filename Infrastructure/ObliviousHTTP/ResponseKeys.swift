import CLibCrypto

/// The response's key and nonce (RFC 9458 section 4.4), from the secret exported from
/// the request's context, the request's `enc` and the response's own random nonce.
enum ResponseKeys {
    /// `max(Nn, Nk)`: the response nonce's length.
    static func nonceByteCount(_ suite: HPKESuite) -> Int {
        max(suite.aead.nonceByteCount, suite.aead.keyByteCount)
    }

    /// An AES-GCM context for the response, set to its key and nonce.
    static func context(
        encrypting: Bool, suite: HPKESuite, secret: SecretBytes, encapsulatedKey: [UInt8], responseNonce: [UInt8]
    ) throws(CryptoError) -> OpaqueContext {
        var key = try HKDFSHA256.extract(salt: encapsulatedKey + responseNonce, inputKeyMaterial: secret.bytes)
        defer { key.withUnsafeMutableBytes { OPENSSL_cleanse($0.baseAddress, $0.count) } }
        var aeadKey = try HKDFSHA256.expand(pseudorandomKey: key, info: Array("key".utf8), length: suite.aead.keyByteCount)
        defer { aeadKey.withUnsafeMutableBytes { OPENSSL_cleanse($0.baseAddress, $0.count) } }
        let nonce = try HKDFSHA256.expand(pseudorandomKey: key, info: Array("nonce".utf8), length: suite.aead.nonceByteCount)
        let cipher = try AESGCMCipher.forKey(byteCount: suite.aead.keyByteCount)
        return try aeadKey.withUnsafeBufferPointer { buffer throws(CryptoError) in
            try OpaqueContext(encrypting: encrypting, key: buffer.baseAddress, nonce: nonce, cipher: cipher)
        }
    }
}

/// The gateway's half of one exchange: seals the response to the request it opened.
public struct ObliviousResponseSealer: Sendable {
    let suite: HPKESuite
    let encapsulatedKey: [UInt8]
    private let secret: SecretBytes

    /// The secret RFC 9458 section 4.4 exports from the request's context.
    init(context: borrowing HPKEContext, encapsulatedKey: [UInt8]) throws(CryptoError) {
        var secret = try context.export(ObliviousEncapsulation.responseLabel, length: context.suite.aead.keyByteCount)
        self.suite = context.suite
        self.encapsulatedKey = encapsulatedKey
        self.secret = SecretBytes(consuming: &secret)
    }

    /// The encapsulated response: its random nonce, then `response` sealed.
    public func seal(_ response: [UInt8]) throws(ObliviousHTTPError) -> [UInt8] {
        let nonce: [UInt8]
        do { nonce = try SecureRandom.bytes(ResponseKeys.nonceByteCount(suite)) } catch { throw .crypto(error) }
        return try seal(response, responseNonce: nonce)
    }

    /// With a caller-chosen nonce: internal, for known-answer tests only.
    func seal(_ response: [UInt8], responseNonce: [UInt8]) throws(ObliviousHTTPError) -> [UInt8] {
        do {
            let context = try ResponseKeys.context(
                encrypting: true, suite: suite, secret: secret, encapsulatedKey: encapsulatedKey, responseNonce: responseNonce
            )
            return responseNonce + (try GCM.seal(response, associatedData: [], in: context))
        } catch {
            throw .crypto(error)
        }
    }
}

/// The client's half of one exchange: opens the response to the request it sealed, and
/// nothing else.
public struct ObliviousResponseOpener: Sendable {
    let suite: HPKESuite
    let encapsulatedKey: [UInt8]
    private let secret: SecretBytes

    /// The secret RFC 9458 section 4.4 exports from the request's context.
    init(context: borrowing HPKEContext, encapsulatedKey: [UInt8]) throws(CryptoError) {
        var secret = try context.export(ObliviousEncapsulation.responseLabel, length: context.suite.aead.keyByteCount)
        self.suite = context.suite
        self.encapsulatedKey = encapsulatedKey
        self.secret = SecretBytes(consuming: &secret)
    }

    /// The Binary HTTP response, or an error and nothing.
    public func open(_ encapsulated: [UInt8]) throws(ObliviousHTTPError) -> [UInt8] {
        let nonceCount = ResponseKeys.nonceByteCount(suite)
        guard encapsulated.count >= nonceCount + suite.aead.tagByteCount else { throw .truncated("encapsulated response") }
        do {
            let context = try ResponseKeys.context(
                encrypting: false, suite: suite, secret: secret, encapsulatedKey: encapsulatedKey,
                responseNonce: Array(encapsulated.prefix(nonceCount))
            )
            return try GCM.open(Array(encapsulated.dropFirst(nonceCount)), associatedData: [], in: context)
        } catch .authenticationFailed {
            throw .openFailed
        } catch {
            throw .crypto(error)
        }
    }
}
