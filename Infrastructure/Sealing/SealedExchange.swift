#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Version 2 of the sealed payload layer (PROTOCOL.md section 2), both sides of it:
/// what a client seals and opens, what a server opens and seals, and the associated
/// data each builds. One implementation, so the two programs cannot drift apart.
///
/// An answer's associated data holds its request's whole associated data, so an
/// answer opens only for the one request it answers (as OHTTP, RFC 9458, binds a
/// response to its request's encapsulation), and every header member that steers the
/// reading, version and key id included, is authenticated (as JWE, RFC 7516, makes its
/// protected header the associated data).
public enum SealedExchange {
    /// What an answer is bound to: the request's header and line, and a digest of its
    /// body as sent. Both sides hold it, the client from sealing, the server from opening.
    public struct Request: Sendable, Equatable {
        public let header: SealHeader
        public let method: String
        /// The path and query exactly as on the request line.
        public let target: String
        /// SHA-256 of the request body as it travelled (empty for a GET).
        public let bodyDigest: [UInt8]

        public init(header: SealHeader, method: String, target: String, bodyDigest: [UInt8]) {
            self.header = header
            self.method = method
            self.target = target
            self.bodyDigest = bodyDigest
        }

        /// The request's associated data (PROTOCOL.md, "Associated data").
        public var associatedData: [UInt8] {
            Array("storefront-seal/\(header.version) request\n\(header.keyID)\n\(nonceText)\n\(header.time ?? 0)\n\(method) \(target)".utf8)
        }

        private var nonceText: String { header.nonce.map { Data($0.bytes).base64EncodedString() } ?? "" }
    }

    /// Why a sealed message was refused. A reason never holds key material or plaintext.
    public enum Failure: Error, Equatable, Sendable, CustomStringConvertible {
        /// The header could not be read, or named another version.
        case header(SealHeaderError)
        /// A request named a key the server does not accept (unknown, or its time is up).
        case keyNotAccepted(id: String)
        /// An answer was sealed under a key other than the request's.
        case otherKey(id: String)
        /// A request without the time it was sealed.
        case missingTime
        /// The cipher refused: the message did not open, or could not be sealed.
        case crypto(CryptoError)

        public var description: String {
            switch self {
            case .header(let error): error.description
            case .keyNotAccepted(let id): "the key \(id) is not accepted"
            case .otherKey(let id): "it is sealed under the key \(id), not the request's"
            case .missingTime: "the request does not say when it was sealed (t)"
            case .crypto(let error): error.description
            }
        }
    }

    // MARK: The client's side

    /// Seals a request under `key` at `time`: a fresh nonce for every request, GETs
    /// included, and the body (when there is one) encrypted under the request's
    /// associated data. What comes back is the header, the body to send, and the
    /// binding its answer must carry.
    public static func sealRequest(
        method: String,
        target: String,
        body: [UInt8]?,
        key: PayloadKey,
        time: Int64
    ) throws(Failure) -> (request: Request, body: [UInt8]?) {
        try sealRequest(method: method, target: target, body: body, key: key, time: time, nonce: nil)
    }

    /// As above with a chosen nonce, for the known-answer vectors only: reusing a nonce
    /// under a key breaks GCM, so nothing outside the module may choose one.
    static func sealRequest(
        method: String,
        target: String,
        body: [UInt8]?,
        key: PayloadKey,
        time: Int64,
        nonce chosen: GCMNonce?
    ) throws(Failure) -> (request: Request, body: [UInt8]?) {
        do throws(CryptoError) {
            // A body's nonce is its GCM IV, so it comes from OpenSSL's DRBG (SP 800-38D
            // section 8.2.2). A GET's encrypts nothing and only binds the answer: the
            // kernel's generator is enough, and a read skips the DRBG's set-up.
            let nonce = try nonce(chosen, bindingOnly: body == nil)
            let header = SealHeader(keyID: key.id, nonce: nonce, time: time)
            let unbound = Request(header: header, method: method, target: target, bodyDigest: [])
            var sent: [UInt8]?
            if let body {
                sent = try AES256GCM.seal(body, associatedData: unbound.associatedData, using: key.key, nonce: nonce).ciphertextAndTag
            }
            let request = Request(header: header, method: method, target: target, bodyDigest: try digest(of: sent ?? []))
            return (request, sent)
        } catch {
            throw .crypto(error)
        }
    }

    /// Opens the answer to `request`: the plaintext only when the answer was sealed
    /// under the request's key, for this very request and this status.
    public static func openResponse(
        status: Int,
        header: SealHeader,
        body: [UInt8],
        for request: Request,
        key: PayloadKey
    ) throws(Failure) -> [UInt8] {
        guard header.keyID == key.id else { throw .otherKey(id: header.keyID) }
        guard let nonce = header.nonce else { throw .header(.malformed("it has no nonce")) }
        do {
            return try AES256GCM.open(
                SealedMessage(nonce: nonce, ciphertextAndTag: body),
                associatedData: responseAssociatedData(header: header, status: status, for: request),
                using: key.key
            )
        } catch {
            throw .crypto(error)
        }
    }

    // MARK: The server's side

    /// Reads a request's header and finds the key it names, when `keys` accepts that
    /// key at `now`. Separate from opening the body, so that an answer can be sealed for
    /// a request whose body did not open.
    public static func readRequest(
        method: String,
        target: String,
        headerText: String,
        body: [UInt8],
        keys: PayloadKeyRing,
        now: Int64
    ) throws(Failure) -> (request: Request, key: PayloadKey) {
        let header = try SealHeader.parsed(headerText)
        guard header.refusal == nil, header.nonce != nil else { throw .header(.malformed("a request carries a nonce and no error")) }
        guard header.time != nil else { throw .missingTime }
        guard let key = keys.acceptedKey(id: header.keyID, at: now) else { throw .keyNotAccepted(id: header.keyID) }
        do {
            return (Request(header: header, method: method, target: target, bodyDigest: try digest(of: body)), key)
        } catch {
            throw .crypto(error)
        }
    }

    /// The plaintext of a request body sealed for `request` under `key`; a request
    /// without a body (a GET) opens to an empty one.
    public static func openBody(_ body: [UInt8], of request: Request, key: PayloadKey) throws(Failure) -> [UInt8] {
        guard !body.isEmpty else { return [] }
        guard let nonce = request.header.nonce else { throw .header(.malformed("it has no nonce")) }
        do {
            return try AES256GCM.open(SealedMessage(nonce: nonce, ciphertextAndTag: body), associatedData: request.associatedData, using: key.key)
        } catch {
            throw .crypto(error)
        }
    }

    /// Seals an answer to `request` under the request's own key, so a client holding a
    /// previous key that is still accepted can open it.
    public static func sealResponse(
        status: Int,
        body: [UInt8],
        for request: Request,
        key: PayloadKey
    ) throws(Failure) -> (header: SealHeader, body: [UInt8]) {
        try sealResponse(status: status, body: body, for: request, key: key, nonce: nil)
    }

    /// As above with a chosen nonce, for the known-answer vectors only.
    static func sealResponse(
        status: Int,
        body: [UInt8],
        for request: Request,
        key: PayloadKey,
        nonce chosen: GCMNonce?
    ) throws(Failure) -> (header: SealHeader, body: [UInt8]) {
        do throws(CryptoError) {
            let nonce = try nonce(chosen, bindingOnly: false)
            let header = SealHeader(keyID: key.id, nonce: nonce)
            let associatedData = responseAssociatedData(header: header, status: status, for: request)
            let sealed = try AES256GCM.seal(body, associatedData: associatedData, using: key.key, nonce: nonce)
            return (header, sealed.ciphertextAndTag)
        } catch {
            throw .crypto(error)
        }
    }

    /// The chosen nonce (vectors), else a fresh one: from the kernel when it only binds
    /// an answer, else, as every GCM IV, from the DRBG.
    private static func nonce(_ chosen: GCMNonce?, bindingOnly: Bool) throws(CryptoError) -> GCMNonce {
        if let chosen { return chosen }
        return bindingOnly ? try GCMNonce(bytes: SecureRandom.kernelBytes(GCMNonce.byteCount)) : try GCMNonce.random()
    }

    /// SHA-256 of a body as sent. A GET's is known beforehand, and taking it from
    /// libcrypto would cost a read the digest's first fetch (some 0.6 million
    /// instructions) for nothing.
    static func digest(of body: [UInt8]) throws(CryptoError) -> [UInt8] {
        body.isEmpty ? digestOfNothing : try SHA256.hash(body)
    }

    /// SHA-256 of no bytes (FIPS 180-4; `SealedPayloadVectorTests` checks it against libcrypto).
    static let digestOfNothing: [UInt8] = [
        0xe3, 0xb0, 0xc4, 0x42, 0x98, 0xfc, 0x1c, 0x14, 0x9a, 0xfb, 0xf4, 0xc8, 0x99, 0x6f, 0xb9, 0x24,
        0x27, 0xae, 0x41, 0xe4, 0x64, 0x9b, 0x93, 0x4c, 0xa4, 0x95, 0x99, 0x1b, 0x78, 0x52, 0xb8, 0x55,
    ]

    /// An answer's associated data: its own version, key id and status, the digest of
    /// the request body, then the request's whole associated data. The first line
    /// differs from a request's, so neither can pass for the other.
    static func responseAssociatedData(header: SealHeader, status: Int, for request: Request) -> [UInt8] {
        let digest = SHA256.hex(request.bodyDigest)
        let statusText = String(repeating: "0", count: max(0, 3 - String(status).count)) + String(status)
        return Array("storefront-seal/\(header.version) response\n\(header.keyID)\n\(statusText)\n\(digest)\n".utf8) + request.associatedData
    }
}
