import CProcessControl
import Infrastructure

/// A payload key in a file, as `storefront serve` writes one and both programs read it.
public enum KeyFile {
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
