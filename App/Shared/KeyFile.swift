#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import SystemPackage
import Infrastructure

/// Payload key files as both programs meet them (PROTOCOL.md section 2, "Keys and
/// rotation"): the backend's key ring (a JWK Set) and the client's key (one JWK), each
/// the owner's alone. Every failure is a start-up sentence that never quotes a key.
public enum KeyFile {
    /// The ring `storefront serve` keeps in a folder when no file is named.
    public static let ringName = "payload-keys.jwks"
    /// The current key alone, for clients, beside the ring it was taken from.
    public static let clientKeyName = "payload-key.jwk"

    /// Where the client's copy of the current key is written: beside the ring.
    public static func clientKeyPath(besideRing ring: String) -> String {
        FilePath(ring).removingLastComponent().appending(clientKeyName).string
    }

    /// A fresh ring of one key in `directory` (made private), and the client's copy of
    /// that key beside it; the ring's path, the client's path and the key.
    public static func writeFresh(into directory: String, now: Date) throws(StartupFailure) -> (ring: String, client: String, key: PayloadKey) {
        let ringPath = FilePath(directory).appending(ringName).string
        let clientPath = clientKeyPath(besideRing: ringPath)
        do {
            let key = try PayloadKey.random(madeAt: Int64(now.timeIntervalSince1970))
            try PrivateFiles.createDirectory(at: directory)
            try PayloadKeyFile.write(try PayloadKeyRing(current: key), to: ringPath)
            try PayloadKeyFile.write(key, to: clientPath)
            return (ringPath, clientPath, key)
        } catch let error as CryptoError {
            throw StartupFailure("No payload key could be made: \(error.description).")
        } catch let error as FileSystemError {
            throw StartupFailure(couldNotWrite: "the payload key", reason: error.description)
        } catch {
            throw StartupFailure("The payload key could not be prepared: \(error).")
        }
    }

    /// Makes a fresh current key for the ring in `ringFile`; the key that was current
    /// stays accepted for `previousLifetime` seconds from `now`, and keys whose time is
    /// up are dropped. The ring is replaced atomically, then the client's copy beside it.
    public static func rotate(ringFile: String, previousLifetime: Int64, now: Date) throws(StartupFailure) -> (ring: PayloadKeyRing, client: String) {
        let clientPath = clientKeyPath(besideRing: ringFile)
        guard FilePath(ringFile).lexicallyNormalized() != FilePath(clientPath).lexicallyNormalized() else {
            throw StartupFailure("\(ringFile) is a client's key file; rotate the backend's key ring (a JWK Set, \(ringName)).")
        }
        let ring: PayloadKeyRing
        do {
            ring = try PayloadKeyFile.readRing(at: ringFile)
        } catch {
            throw refusal(error, file: ringFile)
        }
        let seconds = Int64(now.timeIntervalSince1970)
        do {
            let rotated = try ring.rotated(to: try PayloadKey.random(madeAt: seconds), previousLifetime: previousLifetime, at: seconds)
            try PayloadKeyFile.write(rotated, to: ringFile)
            try PayloadKeyFile.write(rotated.current, to: clientPath)
            return (rotated, clientPath)
        } catch let error as FileSystemError {
            throw StartupFailure(couldNotWrite: "the rotated key ring", reason: error.description)
        } catch {
            throw StartupFailure("No new payload key could be made: \(error).")
        }
    }

    /// The client's key in `file`, refused when others can read it (with the chmod that
    /// fixes it) and read only as far as a key can be long.
    public static func read(_ file: String) throws(StartupFailure) -> PayloadKey {
        do {
            return try PayloadKeyFile.readKey(at: file)
        } catch {
            throw refusal(error, file: file)
        }
    }

    /// What a key file's failure tells the person who named it, for either program.
    public static func refusal(_ failure: PayloadKeyFile.Failure, file: String) -> StartupFailure {
        switch failure {
        case .missing: StartupFailure("The payload key file \(file) does not exist; check the path.")
        case .unreadable(let error): StartupFailure("The payload key file cannot be used: \(error.description).")
        case .unusable(_, let error): StartupFailure("The payload key in \(file) is not usable: \(error.description).")
        }
    }
}
