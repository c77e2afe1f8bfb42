import CLibCrypto

/// What both halves of one exchange hold for its response (RFC 9458 section 4.4): the
/// suite, the request's `enc`, and the secret exported from the request's HPKE context.
/// The response's key and nonce come from these and the response's own random nonce.
struct ResponseSecret: Sendable {
    let suite: HPKESuite
    let encapsulatedKey: [UInt8]
    private let secret: SecretBytes

    init(context: borrowing HPKEContext, encapsulatedKey: [UInt8]) throws(CryptoError) {
        // max(Nn, Nk), as RFC 9458 section 4.4 says: equal to Nk for every AEAD built
        // here, so no vector tells them apart, but a suite with a longer nonce would.
        var secret = try context.export(ObliviousEncapsulation.responseLabel, length: Self.secretByteCount(context.suite))
        self.suite = context.suite
        self.encapsulatedKey = encapsulatedKey
        self.secret = SecretBytes(consuming: &secret)
    }

    /// `max(Nn, Nk)`: the length of the exported secret and of the response nonce.
    static func secretByteCount(_ suite: HPKESuite) -> Int { max(suite.aead.nonceByteCount, suite.aead.keyByteCount) }

    /// The response nonce's length.
    var nonceByteCount: Int { Self.secretByteCount(suite) }

    /// An AES-GCM context for the response, set to its key and nonce.
    func context(encrypting: Bool, responseNonce: [UInt8]) throws(CryptoError) -> OpaqueContext {
        var key = try HKDFSHA256.extract(salt: encapsulatedKey + responseNonce, inputKeyMaterial: secret.bytes)
        defer { key.withUnsafeMutableBytes { OPENSSL_cleanse($0.baseAddress, $0.count) } }
        var aeadKey = try HKDFSHA256.expand(pseudorandomKey: key, info: Array("key".utf8), length: suite.aead.keyByteCount)
        defer { aeadKey.withUnsafeMutableBytes { OPENSSL_cleanse($0.baseAddress, $0.count) } }
        let nonce = try HKDFSHA256.expand(pseudorandomKey: key, info: Array("nonce".utf8), length: suite.aead.nonceByteCount)
        return try aeadKey.withUnsafeBufferPointer { buffer throws(CryptoError) in
            try OpaqueContext(encrypting: encrypting, key: buffer, nonce: nonce)
        }
    }
}

/// The gateway's half of one exchange: seals the response to the request it opened.
public struct ObliviousResponseSealer: Sendable {
    private let keys: ResponseSecret

    init(context: borrowing HPKEContext, encapsulatedKey: [UInt8]) throws(CryptoError) {
        keys = try ResponseSecret(context: context, encapsulatedKey: encapsulatedKey)
    }

    /// The encapsulated response: its random nonce, then `response` sealed.
    public func seal(_ response: [UInt8]) throws(ObliviousHTTPError) -> [UInt8] {
        let nonce: [UInt8]
        do { nonce = try SecureRandom.bytes(keys.nonceByteCount) } catch { throw .crypto(error) }
        return try seal(response, responseNonce: nonce)
    }

    /// The seal itself, with the nonce the public one draws. Internal on purpose: only
    /// known-answer tests may pick the nonce, since one used twice under a key breaks GCM.
    func seal(_ response: [UInt8], responseNonce: [UInt8]) throws(ObliviousHTTPError) -> [UInt8] {
        do {
            let context = try keys.context(encrypting: true, responseNonce: responseNonce)
            return responseNonce + (try GCM.seal(response, associatedData: [], in: context))
        } catch {
            throw .crypto(error)
        }
    }
}

/// The client's half of one exchange: opens the response to the request it sealed, and
/// nothing else.
public struct ObliviousResponseOpener: Sendable {
    private let keys: ResponseSecret

    init(context: borrowing HPKEContext, encapsulatedKey: [UInt8]) throws(CryptoError) {
        keys = try ResponseSecret(context: context, encapsulatedKey: encapsulatedKey)
    }

    /// The Binary HTTP response, or an error and nothing.
    public func open(_ encapsulated: [UInt8]) throws(ObliviousHTTPError) -> [UInt8] {
        let nonceCount = keys.nonceByteCount
        guard encapsulated.count >= nonceCount + keys.suite.aead.tagByteCount else { throw .truncated("encapsulated response") }
        do {
            let context = try keys.context(encrypting: false, responseNonce: Array(encapsulated.prefix(nonceCount)))
            return try GCM.open(Array(encapsulated.dropFirst(nonceCount)), associatedData: [], in: context)
        } catch .authenticationFailed {
            throw .openFailed
        } catch {
            throw .crypto(error)
        }
    }
}
