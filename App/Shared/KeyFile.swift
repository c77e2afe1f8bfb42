#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import SystemPackage
import Infrastructure

/// The gateway's key files as both programs meet them (PROTOCOL.md section 2, "Keys and
/// rotation"): the backend's private key ring (a JWK Set, the owner's alone) and, beside
/// it, the public key configuration clients are given (`application/ohttp-keys`).
/// Every failure is a start-up sentence that never quotes a key.
public enum KeyFile {
    /// The ring `storefront serve` keeps in a folder when no file is named.
    public static let ringName = "ohttp-gateway-keys.jwks"
    /// The clients' key configuration, beside the ring it was taken from.
    public static let configurationName = "ohttp-keys"

    /// Where the clients' configuration is written: beside the ring.
    public static func configurationPath(besideRing ring: String) -> String {
        FilePath(ring).removingLastComponent().appending(configurationName).string
    }

    /// A fresh ring of one key in `directory` (made private), and the clients'
    /// configuration beside it; the ring's path, the configuration's path and the ring.
    /// `elsewhere` is the advice for a folder that cannot take them (`StartupFailure`).
    public static func writeFresh(
        into directory: String,
        elsewhere: String = StartupFailure.anotherDataFolder
    ) throws(StartupFailure) -> (ring: String, configuration: String, keys: GatewayKeyRing) {
        let ringPath = FilePath(directory).appending(ringName).string
        let configurationPath = configurationPath(besideRing: ringPath)
        do {
            let ring = try GatewayKeyRing(current: try GatewayKeyRing.freshKey(after: nil))
            try PrivateFiles.createDirectory(at: directory)
            try GatewayKeyFile.write(ring, to: ringPath)
            try GatewayKeyFile.writeConfigurations([ring.current.configuration], to: configurationPath)
            return (ringPath, configurationPath, ring)
        } catch let error as ObliviousHTTPError {
            throw StartupFailure("No gateway key could be made: \(error.description).")
        } catch let error as FileSystemError {
            throw StartupFailure(couldNotWrite: "the gateway key", reason: error.description, elsewhere: elsewhere)
        } catch {
            throw StartupFailure("The gateway key could not be prepared: \(error).")
        }
    }

    /// Writes the configurations the ring accepts at `now`, current first, beside it.
    public static func publish(_ ring: GatewayKeyRing, besideRing ringFile: String, now: Date) throws(StartupFailure) -> String {
        let path = configurationPath(besideRing: ringFile)
        do {
            try GatewayKeyFile.writeConfigurations(ring.configurations(at: Int64(now.timeIntervalSince1970)), to: path)
        } catch {
            throw StartupFailure(couldNotWrite: "the gateway's key configuration", reason: error.description)
        }
        return path
    }

    /// The lock a rotation holds from reading the ring to writing it, beside the ring.
    public static func rotationLockPath(forRing ring: String) -> String {
        ring + ".lock"
    }

    /// Makes a fresh current key for the ring in `ringFile`; the key that was current
    /// stays accepted for `previousLifetime` seconds from `now`, and keys whose time is
    /// up are dropped. The ring is replaced atomically, then the clients' configuration.
    ///
    /// Under a lock: two rotations at once would each read the same ring and write
    /// their own, and the key the first made would be lost, with the clients given it.
    public static func rotate(ringFile: String, previousLifetime: Int64, now: Date) async throws(StartupFailure) -> (ring: GatewayKeyRing, configuration: String) {
        let lock: FileLock
        do {
            lock = try await FileLock.exclusive(at: rotationLockPath(forRing: ringFile))
        } catch {
            throw StartupFailure(couldNotWrite: "the key ring's lock", reason: error.description)
        }
        defer { lock.release() }
        let ring = try read(ringFile)
        let rotated: GatewayKeyRing
        do {
            rotated = try ring.rotated(previousLifetime: previousLifetime, at: Int64(now.timeIntervalSince1970))
            try GatewayKeyFile.write(rotated, to: ringFile)
        } catch let error as FileSystemError {
            throw StartupFailure(couldNotWrite: "the rotated key ring", reason: error.description)
        } catch {
            throw StartupFailure("No new gateway key could be made: \(error).")
        }
        return (rotated, try publish(rotated, besideRing: ringFile, now: now))
    }

    /// The ring in `file`, refused when others can read it (with the chmod that fixes it).
    public static func read(_ file: String) throws(StartupFailure) -> GatewayKeyRing {
        do {
            return try GatewayKeyFile.readRing(at: file)
        } catch {
            throw refusal(error, file: file)
        }
    }

    /// What a key file's failure tells the person who named it, for either program.
    public static func refusal(_ failure: GatewayKeyFile.Failure, file: String) -> StartupFailure {
        switch failure {
        case .missing: StartupFailure("The key file \(file) does not exist; check the path.")
        case .unreadable(let error): StartupFailure("The key file cannot be used: \(error.description).")
        case .unusable(_, let reason): StartupFailure("The key file \(file) is not usable: \(reason).")
        }
    }
}
