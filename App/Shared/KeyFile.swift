import CProcessControl
import Foundation
import Infrastructure

/// A payload key in a file, as `storefront serve` writes one and both programs read it.
public enum KeyFile {
    /// Writes `key` as `read` takes it (standard base64, a newline) to
    /// `backend-payload.key` in `directory`, both made so that only their owner can read
    /// them; the file's path.
    public static func write(_ key: AES256Key, into directory: String) throws(FileSystemError) -> String {
        let file = (directory as NSString).appendingPathComponent("backend-payload.key")
        try PrivateFiles.createDirectory(at: directory)
        try PrivateFiles.writeAtomically(Array((key.base64EncodedString + "\n").utf8), to: file)
        return file
    }

    /// The key in `file` (standard base64), under the session's rules: the owner's
    /// alone (a key others can read is refused, with the chmod that fixes it), and read
    /// only as far as a key can be long.
    public static func read(_ file: String) throws(StartupFailure) -> AES256Key {
        let bytes: [UInt8]?
        do {
            bytes = try PrivateFiles.read(at: file, maximumBytes: 1024)
        } catch {
            throw StartupFailure("The payload key file cannot be used: \(error.description).")
        }
        guard var bytes else {
            throw StartupFailure("The payload key file \(file) does not exist; check the path.")
        }
        defer { bytes.withUnsafeMutableBytes { storefront_wipe($0.baseAddress, $0.count) } }
        do {
            return try AES256Key(base64: String(decoding: bytes, as: UTF8.self))
        } catch {
            throw StartupFailure("The payload key in \(file) is not usable: \(error.description).")
        }
    }
}
