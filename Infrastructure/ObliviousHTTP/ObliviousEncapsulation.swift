/// Oblivious HTTP's encapsulation (RFC 9458 section 4): a request sealed with HPKE to
/// the gateway's public key, and its response sealed under a key exported from that
/// request's own HPKE context, so it opens for that request and no other.
public enum ObliviousEncapsulation {
    /// The request's `info` label, and the exporter label of its response.
    static let requestLabel = Array("message/bhttp request".utf8)
    static let responseLabel = Array("message/bhttp response".utf8)
    /// `hdr`: key id, KEM, KDF and AEAD.
    static let headerByteCount = 7

    /// Encapsulates `request` (a Binary HTTP message) for the gateway `configuration`
    /// names: the bytes to send, and what opens the response to them.
    public static func sealRequest(
        _ request: [UInt8],
        for configuration: ObliviousKeyConfiguration
    ) throws(ObliviousHTTPError) -> (encapsulated: [UInt8], response: ObliviousResponseOpener) {
        let ephemeral: X25519PrivateKey
        do { ephemeral = try X25519PrivateKey.generate() } catch { throw .crypto(error) }
        return try sealRequest(request, for: configuration, ephemeral: ephemeral)
    }

    /// The seal itself, with the ephemeral key the public one draws. Internal on purpose:
    /// only known-answer tests may pick the key (see `HPKE.sender`).
    static func sealRequest(
        _ request: [UInt8],
        for configuration: ObliviousKeyConfiguration,
        ephemeral: X25519PrivateKey
    ) throws(ObliviousHTTPError) -> (encapsulated: [UInt8], response: ObliviousResponseOpener) {
        guard let suite = configuration.preferredSuite else {
            throw .unsupportedSuite(kem: configuration.kemID, kdf: configuration.algorithms.first?.kdfID ?? 0, aead: configuration.algorithms.first?.aeadID ?? 0)
        }
        let header = header(keyID: configuration.keyID, suite: suite)
        do {
            var sender = try HPKE.sender(to: configuration.publicKey, info: requestLabel + [0] + header, suite: suite, ephemeral: ephemeral)
            let sealed = try sender.context.seal(request)
            let opener = try ObliviousResponseOpener(context: sender.context, encapsulatedKey: sender.encapsulatedKey)
            return (header + sender.encapsulatedKey + sealed, opener)
        } catch {
            throw .crypto(error)
        }
    }

    /// The gateway's side: the key id and suite the request names, before any work, so a
    /// gateway can answer an unknown key with the `ohttp-key` problem.
    public static func requestHeader(of encapsulated: [UInt8]) throws(ObliviousHTTPError) -> (keyID: UInt8, suite: HPKESuite) {
        var reader = ByteReader(encapsulated)
        let keyID = try reader.byte("key id")
        let kem = try reader.uint16("KEM id")
        let kdf = try reader.uint16("KDF id")
        let aead = try reader.uint16("AEAD id")
        guard let suite = HPKESuite(kemID: kem, kdfID: kdf, aeadID: aead) else { throw .unsupportedSuite(kem: kem, kdf: kdf, aead: aead) }
        return (keyID, suite)
    }

    /// Opens an encapsulated request with the key its id names (`key` returns nil for an
    /// id the gateway does not hold): the Binary HTTP request, its `enc` (what the
    /// gateway remembers against replays), and what seals the response.
    public static func openRequest(
        _ encapsulated: [UInt8],
        key: (UInt8) -> ObliviousGatewayKey?
    ) throws(ObliviousHTTPError) -> ObliviousOpenedRequest {
        var setup = try recipientContext(encapsulated, key: key)
        let sealed = Array(encapsulated.dropFirst(headerByteCount + X25519PublicKey.byteCount))
        guard sealed.count >= setup.context.suite.aead.tagByteCount else { throw .truncated("encapsulated request") }
        do {
            let request = try setup.context.open(sealed)
            let sealer = try ObliviousResponseSealer(context: setup.context, encapsulatedKey: setup.encapsulatedKey)
            return ObliviousOpenedRequest(request: request, keyID: setup.keyID, encapsulatedKey: setup.encapsulatedKey, response: sealer)
        } catch .authenticationFailed {
            throw .openFailed
        } catch {
            throw .crypto(error)
        }
    }

    /// `SetupBaseR` for the request's header and `enc`, with the key its id names.
    private static func recipientContext(
        _ encapsulated: [UInt8],
        key: (UInt8) -> ObliviousGatewayKey?
    ) throws(ObliviousHTTPError) -> RecipientSetup {
        let (keyID, suite) = try requestHeader(of: encapsulated)
        guard let gatewayKey = key(keyID) else { throw .unknownKey(keyID) }
        guard gatewayKey.configuration.offers(suite) else {
            throw .unsupportedSuite(kem: HPKESuite.kemID, kdf: HPKESuite.kdfID, aead: suite.aead.rawValue)
        }
        var reader = ByteReader(encapsulated)
        _ = try reader.take(headerByteCount, "header")
        let encapsulatedKey = Array(try reader.take(X25519PublicKey.byteCount, "encapsulated key"))
        let info = requestLabel + [0] + header(keyID: keyID, suite: suite)
        do {
            let context = try HPKE.recipient(encapsulatedKey: encapsulatedKey, privateKey: gatewayKey.privateKey, info: info, suite: suite)
            return RecipientSetup(context: context, keyID: keyID, encapsulatedKey: encapsulatedKey)
        } catch .degenerateSharedSecret {
            throw .openFailed
        } catch {
            throw .crypto(error)
        }
    }

    static func header(keyID: UInt8, suite: HPKESuite) -> [UInt8] {
        var bytes: [UInt8] = [keyID]
        bytes.appendUInt16(HPKESuite.kemID)
        bytes.appendUInt16(HPKESuite.kdfID)
        bytes.appendUInt16(suite.aead.rawValue)
        return bytes
    }

    /// The gateway's context for one request, before its body is opened.
    private struct RecipientSetup: ~Copyable {
        var context: HPKEContext
        let keyID: UInt8
        let encapsulatedKey: [UInt8]
    }
}
