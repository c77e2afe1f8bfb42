/// Why an Oblivious HTTP message (RFC 9458) or the Binary HTTP inside it (RFC 9292)
/// could not be read or opened. No case carries key material or a message's content.
public enum ObliviousHTTPError: Error, Equatable, Sendable {
    /// The bytes end before the structure they announce does.
    case truncated(String)
    /// The bytes are not the structure they should be; the value says what is wrong.
    case malformed(String)
    /// The encapsulated request names a key the gateway does not hold (RFC 9458's
    /// `ohttp-key` problem).
    case unknownKey(UInt8)
    /// The KEM, KDF or AEAD named is not one this side offers.
    case unsupportedSuite(kem: UInt16, kdf: UInt16, aead: UInt16)
    /// The encapsulated message did not open: another key, another request, a changed byte.
    case openFailed
    /// The cryptography under the message failed for a reason of its own.
    case crypto(CryptoError)
}

extension ObliviousHTTPError: CustomStringConvertible {
    public var description: String {
        switch self {
        case .truncated(let what): "the message ends inside its \(what)"
        case .malformed(let what): "the message is malformed: \(what)"
        case .unknownKey(let id): "the gateway holds no key with id \(id)"
        case .unsupportedSuite(let kem, let kdf, let aead): "the HPKE suite \(kem)/\(kdf)/\(aead) is not offered"
        case .openFailed: "the encapsulated message did not open"
        case .crypto(let error): error.description
        }
    }
}
