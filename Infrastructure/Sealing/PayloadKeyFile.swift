/// Payload keys on disk (JWK text, see `JSONWebKey`), under the rules of every private
/// file here: the owner's alone, refused when others can read it, and read only as
/// far as a file of its kind can be long. Both programs read them; the server also
/// re-reads its ring when the file changes, so a rotation needs no restart.
public enum PayloadKeyFile {
    /// Why a key file could not be used; never quotes the file's contents.
    public enum Failure: Error, Equatable, Sendable, CustomStringConvertible {
        case missing(path: String)
        case unreadable(FileSystemError)
        case unusable(path: String, CryptoError)

        public var description: String {
            switch self {
            case .missing(let path): "\(path) does not exist"
            case .unreadable(let error): error.description
            case .unusable(let path, let error): "\(path) is not usable: \(error.description)"
            }
        }
    }

    /// A client's key file: one JWK.
    static let longestKey = 1024
    /// A ring of a few hundred keys.
    static let longestRing = 64 * 1024

    /// The one key in the file at `path`.
    public static func readKey(at path: String) throws(Failure) -> PayloadKey {
        let text = try read(path, maximumBytes: longestKey)
        do {
            return try JSONWebKey.key(from: text)
        } catch {
            throw .unusable(path: path, error)
        }
    }

    /// The ring in the file at `path` (a single key is a ring of one).
    public static func readRing(at path: String) throws(Failure) -> PayloadKeyRing {
        let text = try read(path, maximumBytes: longestRing)
        do {
            return try JSONWebKey.ring(from: text)
        } catch {
            throw .unusable(path: path, error)
        }
    }

    /// Writes `key` for a client, replacing any file atomically.
    public static func write(_ key: PayloadKey, to path: String) throws(FileSystemError) {
        try PrivateFiles.writeAtomically(Array(JSONWebKey.text(of: key).utf8), to: path)
    }

    /// Writes `ring` for a server, replacing any file atomically, so a server that
    /// re-reads it sees the old ring or the new one, never a mix.
    public static func write(_ ring: PayloadKeyRing, to path: String) throws(FileSystemError) {
        try PrivateFiles.writeAtomically(Array(JSONWebKey.text(of: ring).utf8), to: path)
    }

    private static func read(_ path: String, maximumBytes: Int) throws(Failure) -> String {
        let bytes: [UInt8]?
        do {
            bytes = try PrivateFiles.read(at: path, maximumBytes: maximumBytes)
        } catch {
            throw .unreadable(error)
        }
        guard let bytes else { throw .missing(path: path) }
        return String(decoding: bytes, as: UTF8.self)
    }
}
