#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Infrastructure

/// How an `https` backend must prove its identity (CLI.md, "TLS"): a chain to the
/// system's authorities or to those of a CA file, the host name, the dates, and, when
/// pins are given, a certificate in that chain whose public key matches one of them.
public struct ServerTrust: Sendable, Equatable {
    /// A PEM file of authorities to trust instead of the system's; nil for the system's.
    public var authorityFile: String?
    /// Public-key pins; empty for none. Two let a key be rotated without an outage.
    public var pins: [PublicKeyPin]

    public init(authorityFile: String? = nil, pins: [PublicKeyPin] = []) {
        self.authorityFile = authorityFile
        self.pins = pins
    }

    /// The system's authorities and no pins.
    public static let system = ServerTrust()

    /// Whether a verified chain may be used: with pins set, one of its certificates
    /// (the authority's included) must carry a pinned key.
    public func admits(_ chain: [VerifiedCertificate]) -> Bool {
        guard !pins.isEmpty else { return true }
        let pinned = Set(pins.map(\.digest))
        return chain.contains { certificate in
            (try? SHA256.hash(certificate.subjectPublicKeyInfo)).map(pinned.contains) ?? false
        }
    }
}

/// A public-key pin as curl's `--pinnedpubkey` takes it: `sha256/` and the standard
/// base64 of the SHA-256 of a certificate's DER SubjectPublicKeyInfo.
///
/// A pin names a key, not a certificate, so a certificate renewed with the same key
/// still matches; pinning the authority's key survives the leaf's renewal too.
public struct PublicKeyPin: Sendable, Hashable, CustomStringConvertible {
    /// The 32-byte SHA-256 digest.
    public let digest: [UInt8]

    /// Reads `sha256/BASE64`; nil when the text is not that.
    public init?(_ text: String) {
        let prefix = "sha256/"
        guard text.hasPrefix(prefix), let digest = Data(base64Encoded: String(text.dropFirst(prefix.count))), digest.count == 32 else {
            return nil
        }
        self.digest = [UInt8](digest)
    }

    public init(digest: [UInt8]) {
        self.digest = digest
    }

    public var description: String { "sha256/" + Data(digest).base64EncodedString() }
}
