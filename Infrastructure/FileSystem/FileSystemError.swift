#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Why a private file could not be read or written. Never carries file contents.
public enum FileSystemError: Error, Equatable, Sendable {
    /// Group or others may access the file: refused, as OpenSSH refuses a loose key file.
    case tooPermissive(path: String, mode: UInt32)
    /// A file others may read but must not change (a public key) can be written by them.
    case writableByOthers(path: String, mode: UInt32)
    /// The file belongs to another user, so it cannot be trusted.
    case notOwnedByUser(path: String)
    /// A folder another user may write (or owns): anyone who can add a file to it can
    /// leave one beside ours that a library reads as its own.
    case folderOpenToOthers(path: String, mode: UInt32)
    /// A folder was expected, and something else has the name.
    case notADirectory(path: String)
    /// Not a regular file (a device, a pipe, a folder): refused before reading from it.
    case notARegularFile(path: String)
    /// Longer than a file of its kind can be; the rest was not read.
    case tooLarge(path: String, limit: Int)
    /// A system call failed; `operation` names it and `code` is its `errno`.
    case systemCall(operation: String, path: String, code: Int32)
}

extension FileSystemError: CustomStringConvertible {
    public var description: String {
        switch self {
        case .tooPermissive(let path, let mode):
            let octal = String(mode & 0o777, radix: 8)
            return "\(path) can be accessed by other users (mode \(octal)); run `chmod 600 \(path)` and try again"
        case .writableByOthers(let path, let mode):
            let octal = String(mode & 0o777, radix: 8)
            return "\(path) can be changed by other users (mode \(octal)); run `chmod go-w \(path)` and try again"
        case .notOwnedByUser(let path):
            return "\(path) belongs to another user; remove it or fix its owner and try again"
        case .folderOpenToOthers(let path, let mode):
            let octal = String(mode & 0o7777, radix: 8)
            return "the folder \(path) can be written by other users (mode \(octal)), who could leave a file in it "
                + "that the database reads as its own; keep the database in a folder only you can write, "
                + "or run `chmod go-w \(path)` if it is yours"
        case .notADirectory(let path):
            return "\(path) is not a folder; remove or rename it, or choose another --data-dir"
        case .notARegularFile(let path):
            return "\(path) is not a regular file"
        case .tooLarge(let path, let limit):
            return "\(path) is longer than \(limit) bytes, more than a file of its kind can be"
        case .systemCall(let operation, let path, let code):
            return "\(operation) \(path) failed: \(String(cString: strerror(code)))"
        }
    }
}
