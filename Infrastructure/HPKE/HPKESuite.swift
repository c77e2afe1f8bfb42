/// An HPKE cipher suite (RFC 9180 section 7): DHKEM(X25519, HKDF-SHA256) and
/// HKDF-SHA256, the only KEM and KDF built here, with either AES-GCM.
///
/// AES-256-GCM is Storefront's; AES-128-GCM is offered so that RFC 9458's own worked
/// example can be checked byte for byte.
public struct HPKESuite: Sendable, Hashable {
    /// DHKEM(X25519, HKDF-SHA256), RFC 9180 section 7.1.
    public static let kemID: UInt16 = 0x0020
    /// HKDF-SHA256, RFC 9180 section 7.2.
    public static let kdfID: UInt16 = 0x0001

    /// The AEADs of RFC 9180 section 7.3 that this implementation offers.
    public enum AEAD: UInt16, Sendable, CaseIterable {
        case aes128GCM = 0x0001
        case aes256GCM = 0x0002

        /// `Nk`: the key's length in bytes.
        public var keyByteCount: Int {
            switch self {
            case .aes128GCM: 16
            case .aes256GCM: 32
            }
        }

        /// `Nn`: the nonce's length in bytes.
        public var nonceByteCount: Int { 12 }
        /// `Nt`: the tag's length in bytes.
        public var tagByteCount: Int { 16 }
    }

    public let aead: AEAD

    /// Storefront's suite: X25519, HKDF-SHA256, AES-256-GCM.
    public static let x25519SHA256AES256GCM = HPKESuite(aead: .aes256GCM)
    /// RFC 9458's example suite: X25519, HKDF-SHA256, AES-128-GCM.
    public static let x25519SHA256AES128GCM = HPKESuite(aead: .aes128GCM)

    public init(aead: AEAD) {
        self.aead = aead
    }

    /// The suite the three wire ids name, or nil when this implementation does not offer it.
    public init?(kemID: UInt16, kdfID: UInt16, aeadID: UInt16) {
        guard kemID == Self.kemID, kdfID == Self.kdfID, let aead = AEAD(rawValue: aeadID) else { return nil }
        self.aead = aead
    }

    /// `suite_id` of the key schedule: "HPKE" and the three ids, two bytes each.
    var identifier: [UInt8] {
        Array("HPKE".utf8) + Self.bigEndian(Self.kemID) + Self.bigEndian(Self.kdfID) + Self.bigEndian(aead.rawValue)
    }

    /// `I2OSP(value, 2)`.
    static func bigEndian(_ value: UInt16) -> [UInt8] {
        [UInt8(value >> 8), UInt8(value & 0xff)]
    }
}
