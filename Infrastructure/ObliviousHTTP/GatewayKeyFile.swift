#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The gateway's keys on disk, and the configuration clients are given.
///
/// The private keys are a JWK Set (RFC 7517) of X25519 keys as RFC 8037 writes them:
/// `{"kty":"OKP","crv":"X25519","kid":"1","x":…,"d":…}`, `kid` the Oblivious HTTP key id
/// in decimal, a previous key's end in `exp` (seconds since 1970). The file is the
/// owner's alone and refused when others can read it. The clients' file is the
/// configurations as `application/ohttp-keys` (RFC 9458 section 3.2): public, so it may
/// be read by anyone, and written with the same atomic replace.
public enum GatewayKeyFile {
    /// Why a key file could not be used; never quotes a private key.
    public enum Failure: Error, Equatable, Sendable, CustomStringConvertible {
        case missing(path: String)
        case unreadable(FileSystemError)
        case unusable(path: String, reason: String)

        public var description: String {
            switch self {
            case .missing(let path): "\(path) does not exist"
            case .unreadable(let error): error.description
            case .unusable(let path, let reason): "\(path) is not usable: \(reason)"
            }
        }
    }

    /// A ring of a few hundred keys.
    static let longestRing = 64 * 1024
    /// 256 configurations of one suite each.
    static let longestConfigurations = 256 * 45

    private struct Member: Codable {
        let kty: String?
        let crv: String?
        let kid: String?
        let x: String?
        let d: String?
        let exp: Int64?
        /// Version 2's symmetric keys carried `k`; named so the refusal can say what they are.
        let k: String?
    }

    private struct Document: Codable {
        let keys: [Member]?
    }

    /// The ring in the file at `path`.
    public static func readRing(at path: String) throws(Failure) -> GatewayKeyRing {
        var bytes = try read(path, maximumBytes: longestRing)
        defer { wipe(&bytes) }
        do throws(ObliviousHTTPError) {
            return try ring(from: bytes)
        } catch {
            throw .unusable(path: path, reason: error.description)
        }
    }

    /// The ring in `bytes`, a JWK Set whose first key is the current one.
    public static func ring(from bytes: [UInt8]) throws(ObliviousHTTPError) -> GatewayKeyRing {
        guard let document = try? JSONDecoder().decode(Document.self, from: Data(bytes)), let members = document.keys else {
            throw .malformed("it is not a JWK Set")
        }
        guard let first = members.first else { throw .malformed("the key set holds no key") }
        guard first.exp == nil else { throw .malformed("the first key of the set is the current one and takes no exp") }
        var previous: [GatewayKeyRing.Entry] = []
        for member in members.dropFirst() {
            guard let exp = member.exp else { throw .malformed("every key after the first needs an exp") }
            previous.append(.init(key: try key(from: member), notAfter: exp))
        }
        return try GatewayKeyRing(current: try key(from: first), previous: previous)
    }

    /// `ring` as a JWK Set, one key a line, current first.
    public static func text(of ring: GatewayKeyRing) -> String {
        let lines = ring.entries.map { entry in
            let configuration = entry.key.configuration
            // The scalar's array copy is wiped; its base64 text, a Swift string, cannot be.
            var scalar = entry.key.privateKey.rawRepresentation
            defer { wipe(&scalar) }
            let exp = entry.notAfter.map { ",\"exp\":\($0)" } ?? ""
            return "  {\"kty\":\"OKP\",\"crv\":\"X25519\",\"kid\":\"\(configuration.keyID)\","
                + "\"x\":\"\(Base64URL.encode(configuration.publicKey.rawRepresentation))\","
                + "\"d\":\"\(Base64URL.encode(scalar))\"\(exp)}"
        }
        return "{\"keys\":[\n" + lines.joined(separator: ",\n") + "\n]}\n"
    }

    /// Writes `ring` for the gateway, replacing any file atomically, so a gateway that
    /// reads it again sees the old ring or the new one, never a mix.
    public static func write(_ ring: GatewayKeyRing, to path: String) throws(FileSystemError) {
        var bytes = Array(text(of: ring).utf8)
        defer { wipe(&bytes) }
        try PrivateFiles.writeAtomically(bytes, to: path)
    }

    /// Writes the clients' configurations (`application/ohttp-keys`).
    public static func writeConfigurations(_ configurations: [ObliviousKeyConfiguration], to path: String) throws(FileSystemError) {
        try PrivateFiles.writeAtomically(ObliviousKeyConfiguration.encodeList(configurations), to: path)
    }

    /// The configurations in a client's file: public, so others may read it, but no one
    /// but its owner may change it.
    public static func readConfigurations(at path: String) throws(Failure) -> [ObliviousKeyConfiguration] {
        let bytes: [UInt8]
        do {
            guard let read = try PrivateFiles.readShared(at: path, maximumBytes: longestConfigurations) else { throw Failure.missing(path: path) }
            bytes = read
        } catch let error as FileSystemError {
            throw .unreadable(error)
        } catch {
            throw .missing(path: path)
        }
        if bytes.first == UInt8(ascii: "{") {
            throw .unusable(path: path, reason: isPrivateRing(bytes) ? privateRingRefusal : versionTwoRefusal)
        }
        do throws(ObliviousHTTPError) {
            return try ObliviousKeyConfiguration.decodeList(bytes)
        } catch {
            throw .unusable(path: path, reason: "it is not an Oblivious HTTP key configuration (application/ohttp-keys): \(error)")
        }
    }

    /// Whether `bytes` are a JWK Set holding a private key: a gateway's ring, not a key
    /// from version 2 (which was a shared secret, `k`).
    private static func isPrivateRing(_ bytes: [UInt8]) -> Bool {
        (try? JSONDecoder().decode(Document.self, from: Data(bytes)))?.keys?.contains { $0.d != nil && $0.k == nil } == true
    }

    /// Why a client refuses the gateway's own ring: it holds the private keys.
    public static let privateRingRefusal = "it is a gateway's private key ring (a JWK Set of X25519 private keys), "
        + "which is the gateway's alone; use the public key configuration `storefront serve` writes beside it (ohttp-keys) with --ohttp-keys-file"

    /// Why a version 2 key (a JWK with a shared secret) is no longer taken, and what replaces it.
    public static let versionTwoRefusal = "it is a version 2 payload key (a JSON Web Key shared by every client), "
        + "which Oblivious HTTP replaces; use the public key configuration `storefront serve` writes (ohttp-keys) with --ohttp-keys-file"

    private static func key(from member: Member) throws(ObliviousHTTPError) -> ObliviousGatewayKey {
        if member.kty == "oct" || member.k != nil { throw .malformed(versionTwoRefusal) }
        guard member.kty == "OKP", member.crv == "X25519" else { throw .malformed("a key is not an X25519 key (kty OKP, crv X25519)") }
        guard let kid = member.kid, let id = UInt8(kid) else { throw .malformed("a key's kid is not a key id from 0 to 255") }
        guard let d = member.d, var secret = Base64URL.decode(d), let x = member.x, let publicBytes = Base64URL.decode(x) else {
            throw .malformed("key \(kid) lacks its x or d in base64url")
        }
        defer { wipe(&secret) }
        do {
            let privateKey = try X25519PrivateKey(rawRepresentation: secret)
            guard privateKey.publicKey.rawRepresentation == publicBytes else { throw ObliviousHTTPError.malformed("key \(kid)'s x is not its d's public key") }
            return ObliviousGatewayKey(configuration: ObliviousKeyConfiguration(keyID: id, publicKey: privateKey.publicKey), privateKey: privateKey)
        } catch let error as ObliviousHTTPError {
            throw error
        } catch {
            throw .malformed("key \(kid) is not a 32-byte X25519 key")
        }
    }

    private static func read(_ path: String, maximumBytes: Int) throws(Failure) -> [UInt8] {
        let bytes: [UInt8]?
        do {
            bytes = try PrivateFiles.read(at: path, maximumBytes: maximumBytes)
        } catch {
            throw .unreadable(error)
        }
        guard let bytes else { throw .missing(path: path) }
        return bytes
    }
}
