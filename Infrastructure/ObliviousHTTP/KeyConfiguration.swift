/// A gateway's public key configuration (RFC 9458 section 3.1): what a client needs to
/// encapsulate a request, and all it holds. It is public: no secret is on the client.
public struct ObliviousKeyConfiguration: Sendable, Equatable {
    /// One KDF and AEAD pair the gateway accepts with this key.
    public struct SymmetricAlgorithm: Sendable, Equatable {
        public let kdfID: UInt16
        public let aeadID: UInt16

        public init(kdfID: UInt16, aeadID: UInt16) {
            self.kdfID = kdfID
            self.aeadID = aeadID
        }
    }

    public let keyID: UInt8
    public let kemID: UInt16
    public let publicKey: X25519PublicKey
    /// Every pair listed, those this implementation does not offer included, so a
    /// configuration reads and writes back byte for byte.
    public let algorithms: [SymmetricAlgorithm]

    public init(keyID: UInt8, publicKey: X25519PublicKey, algorithms: [SymmetricAlgorithm]) {
        self.keyID = keyID
        self.kemID = HPKESuite.kemID
        self.publicKey = publicKey
        self.algorithms = algorithms
    }

    /// Storefront's gateway offers one suite: X25519, HKDF-SHA256, AES-256-GCM.
    public init(keyID: UInt8, publicKey: X25519PublicKey) {
        self.init(keyID: keyID, publicKey: publicKey, algorithms: [SymmetricAlgorithm(kdfID: HPKESuite.kdfID, aeadID: HPKESuite.AEAD.aes256GCM.rawValue)])
    }

    /// The first listed suite this implementation offers, the gateway's order being its
    /// preference; nil when none is.
    public var preferredSuite: HPKESuite? {
        algorithms.lazy.compactMap { HPKESuite(kemID: kemID, kdfID: $0.kdfID, aeadID: $0.aeadID) }.first
    }

    /// The first of `list` offering a suite this implementation builds; nil when none does.
    public static func firstUsable(in list: [ObliviousKeyConfiguration]) -> ObliviousKeyConfiguration? {
        list.first { $0.preferredSuite != nil }
    }

    /// Why a list none of whose configurations can be used is refused.
    public static let noUsableSuite = "none of its key configurations offers a suite this client seals with "
        + "(X25519, HKDF-SHA256, AES-128-GCM or AES-256-GCM)"

    /// Whether the gateway accepts `suite` with this key.
    func offers(_ suite: HPKESuite) -> Bool {
        kemID == HPKESuite.kemID && algorithms.contains(SymmetricAlgorithm(kdfID: HPKESuite.kdfID, aeadID: suite.aead.rawValue))
    }

    /// `Key Config` as RFC 9458 section 3.1 lays it out.
    public var encoded: [UInt8] {
        var bytes: [UInt8] = [keyID]
        bytes.appendUInt16(kemID)
        bytes.append(contentsOf: publicKey.rawRepresentation)
        bytes.appendUInt16(UInt16(algorithms.count * 4))
        for algorithm in algorithms {
            bytes.appendUInt16(algorithm.kdfID)
            bytes.appendUInt16(algorithm.aeadID)
        }
        return bytes
    }

    /// Reads one `Key Config`; only DHKEM(X25519, HKDF-SHA256) keys are readable here.
    public init(decoding bytes: [UInt8]) throws(ObliviousHTTPError) {
        var reader = ByteReader(bytes)
        self = try Self.read(&reader)
        guard reader.isAtEnd else { throw .malformed("bytes after the key configuration") }
    }

    private static func read(_ reader: inout ByteReader) throws(ObliviousHTTPError) -> ObliviousKeyConfiguration {
        let keyID = try reader.byte("key id")
        let kemID = try reader.uint16("KEM id")
        guard kemID == HPKESuite.kemID else { throw .unsupportedSuite(kem: kemID, kdf: 0, aead: 0) }
        let publicBytes = try reader.take(X25519PublicKey.byteCount, "public key")
        let publicKey: X25519PublicKey
        do {
            publicKey = try X25519PublicKey(rawRepresentation: publicBytes)
        } catch {
            throw .crypto(error)
        }
        let length = Int(try reader.uint16("algorithms length"))
        guard length > 0, length % 4 == 0 else { throw .malformed("an algorithms length of \(length)") }
        var algorithms: [SymmetricAlgorithm] = []
        for _ in 0..<length / 4 {
            algorithms.append(SymmetricAlgorithm(kdfID: try reader.uint16("KDF id"), aeadID: try reader.uint16("AEAD id")))
        }
        return ObliviousKeyConfiguration(keyID: keyID, publicKey: publicKey, algorithms: algorithms)
    }

    /// `application/ohttp-keys` (RFC 9458 section 3.2): each configuration after its
    /// two-byte length.
    public static func encodeList(_ configurations: [ObliviousKeyConfiguration]) -> [UInt8] {
        var bytes: [UInt8] = []
        for configuration in configurations {
            let encoded = configuration.encoded
            bytes.appendUInt16(UInt16(encoded.count))
            bytes.append(contentsOf: encoded)
        }
        return bytes
    }

    /// Reads `application/ohttp-keys`, skipping configurations of a KEM this side does
    /// not offer, as section 3.2 lets a client; fails when none is left.
    public static func decodeList(_ bytes: [UInt8]) throws(ObliviousHTTPError) -> [ObliviousKeyConfiguration] {
        var reader = ByteReader(bytes)
        var configurations: [ObliviousKeyConfiguration] = []
        while !reader.isAtEnd {
            let length = Int(try reader.uint16("key configuration length"))
            let one = Array(try reader.take(length, "key configuration"))
            do throws(ObliviousHTTPError) {
                configurations.append(try ObliviousKeyConfiguration(decoding: one))
            } catch .unsupportedSuite {
                continue
            }
        }
        guard !configurations.isEmpty else { throw .malformed("no key configuration this client can use") }
        return configurations
    }
}
