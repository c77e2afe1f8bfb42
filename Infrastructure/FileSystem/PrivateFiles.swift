import CSystemCalls
import SystemPackage
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Files only their owner can read: folders `0700`, files `0600` from their first byte,
/// replaced atomically, and refused when someone has loosened them.
///
/// Used for the session (the tokens) and the cache. POSIX calls rather than
/// `FileManager` because the mode must be set by `open` itself: creating the file
/// and then calling `chmod` leaves a moment in which others could open it.
public enum PrivateFiles {
    /// Creates `path` and any missing parents with mode `0700`. An existing folder is kept as it is.
    public static func createDirectory(at path: String) throws(FileSystemError) {
        var existing = stat()
        if stat(path, &existing) == 0, UInt32(existing.st_mode) & UInt32(S_IFMT) == UInt32(S_IFDIR) {
            return
        }
        let parent = FilePath(path).removingLastComponent().string
        if !parent.isEmpty, parent != path {
            try createDirectory(at: parent)
        }
        guard mkdir(path, 0o700) == 0 || errno == EEXIST else {
            throw .systemCall(operation: "mkdir", path: path, code: errno)
        }
        // EEXIST also answers for a file of that name; writing "into" it would then fail
        // on every call, quietly turning off whatever the folder was for.
        var status = stat()
        guard stat(path, &status) == 0, UInt32(status.st_mode) & UInt32(S_IFMT) == UInt32(S_IFDIR) else {
            throw .notADirectory(path: path)
        }
    }

    /// Replaces the file at `path` with `bytes`, so that a reader (in this process or
    /// another) sees the old contents or the new, never a mix: write a temporary file
    /// beside it, `fsync`, `rename` over the target, then `fsync` the folder.
    ///
    /// - Parameter durable: false skips both `fsync`s. Readers still never see a mix
    ///   (that is the rename's doing); what is lost is only the promise that the new
    ///   contents survive a power cut. Right for a cache, whose torn entry is a miss;
    ///   wrong for a session, which is why it is the default. A file that is not
    ///   durable replaces an existing one by exchange (`renameat2`), then the old one,
    ///   now under the temporary name, is removed: ext4 makes a rename *over* a file
    ///   write the new file's data out first (its `auto_da_alloc` safety net), which
    ///   made a cache write take five times as long, for a durability not asked for.
    public static func writeAtomically(_ bytes: [UInt8], to path: String, durable: Bool = true) throws(FileSystemError) {
        let directory = FilePath(path).removingLastComponent().string
        let temporary = "\(path).\(getpid()).\(UInt64.random(in: .min ... .max)).tmp"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            throw .systemCall(operation: "open", path: temporary, code: errno)
        }
        var closed = false
        defer {
            if !closed { close(descriptor) }
        }
        do throws(FileSystemError) {
            try writeAll(bytes, to: descriptor, path: temporary)
            if durable, fsync(descriptor) != 0 { throw .systemCall(operation: "fsync", path: temporary, code: errno) }
            closed = true
            guard close(descriptor) == 0 else { throw .systemCall(operation: "close", path: temporary, code: errno) }
            if !durable, storefront_exchange_files(temporary, path) == 0 {
                unlink(temporary)
                return
            }
            guard rename(temporary, path) == 0 else { throw .systemCall(operation: "rename", path: path, code: errno) }
        } catch {
            unlink(temporary)
            throw error
        }
        if durable { syncDirectory(directory) }
    }

    /// The file's bytes, or `nil` when there is no such file. Refuses a file that group
    /// or others may access, that another user owns, or that is no regular file (a FIFO,
    /// a device), before reading a byte of it.
    /// - Parameter maximumBytes: refuse a longer file rather than read it all; for files
    ///   of a known small size, such as a key.
    public static func read(at path: String, maximumBytes: Int? = nil) throws(FileSystemError) -> [UInt8]? {
        try read(at: path, maximumBytes: maximumBytes, forbiddenToOthers: 0o077)
    }

    /// A file anyone may read but only its owner (the user, or root) may change, such as
    /// a public key configuration: refused when group or others can write it, since
    /// whoever can replace it chooses whom the client trusts.
    public static func readShared(at path: String, maximumBytes: Int) throws(FileSystemError) -> [UInt8]? {
        try read(at: path, maximumBytes: maximumBytes, forbiddenToOthers: 0o022, rootMayOwn: true)
    }

    private static func read(
        at path: String, maximumBytes: Int?, forbiddenToOthers: UInt32, rootMayOwn: Bool = false
    ) throws(FileSystemError) -> [UInt8]? {
        // Non-blocking, so a FIFO in the file's place cannot hold the open until someone
        // writes to it: it is refused below as no regular file. A regular file's reads
        // are the same either way.
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK)
        guard descriptor >= 0 else {
            if errno == ENOENT { return nil }
            throw .systemCall(operation: "open", path: path, code: errno)
        }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            throw .systemCall(operation: "stat", path: path, code: errno)
        }
        guard status.st_uid == getuid() || (rootMayOwn && status.st_uid == 0) else {
            throw .notOwnedByUser(path: path)
        }
        guard UInt32(status.st_mode) & forbiddenToOthers == 0 else {
            throw forbiddenToOthers == 0o077
                ? .tooPermissive(path: path, mode: UInt32(status.st_mode))
                : .writableByOthers(path: path, mode: UInt32(status.st_mode))
        }
        guard UInt32(status.st_mode) & UInt32(S_IFMT) == UInt32(S_IFREG) else { throw .notARegularFile(path: path) }
        guard let maximumBytes else { return try readAll(from: descriptor, path: path) }
        guard status.st_size <= maximumBytes else { throw .tooLarge(path: path, limit: maximumBytes) }
        let bytes = try readAll(from: descriptor, path: path)
        // The size can change between fstat and read; the bound holds on what was read.
        guard bytes.count <= maximumBytes else { throw .tooLarge(path: path, limit: maximumBytes) }
        return bytes
    }

    /// Which file is at `path` now, and in what state, from one `stat`; nil when there
    /// is none. Two equal identities mean the file was neither replaced, written,
    /// nor had its mode or owner changed in between, so what was read from it holds.
    public static func identity(of path: String) -> FileIdentity? {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        let modified = modificationTime(of: status)
        return FileIdentity(
            device: UInt64(status.st_dev), inode: UInt64(status.st_ino), size: Int64(status.st_size),
            modifiedSeconds: Int64(modified.tv_sec), modifiedNanoseconds: Int64(modified.tv_nsec),
            mode: UInt32(status.st_mode), owner: UInt32(status.st_uid)
        )
    }

    /// When the file `status` describes was last written: the field's name differs by system.
    static func modificationTime(of status: stat) -> timespec {
        #if canImport(Darwin)
        status.st_mtimespec
        #else
        status.st_mtim
        #endif
    }

    /// Removes the file; a file that is already gone is not an error.
    public static func remove(at path: String) throws(FileSystemError) {
        guard unlink(path) == 0 || errno == ENOENT else {
            throw .systemCall(operation: "unlink", path: path, code: errno)
        }
    }

    /// Sets the file's access and modification times to `seconds` since 1970, e.g. to
    /// mark a cache entry as used at a time the caller's clock gives; a failure leaves
    /// them as they were.
    public static func touch(_ path: String, at seconds: Double) {
        let whole = seconds.rounded(.down)
        let time = timespec(tv_sec: time_t(whole), tv_nsec: Int((seconds - whole) * 1_000_000_000))
        var times = [time, time]
        _ = utimensat(AT_FDCWD, path, &times, 0)
    }

    private static func writeAll(_ bytes: [UInt8], to descriptor: Int32, path: String) throws(FileSystemError) {
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            if written < 0 {
                if errno == EINTR { continue }
                throw .systemCall(operation: "write", path: path, code: errno)
            }
            offset += written
        }
    }

    private static func readAll(from descriptor: Int32, path: String) throws(FileSystemError) -> [UInt8] {
        var result: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = chunk.withUnsafeMutableBytes { readSome(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw .systemCall(operation: "read", path: path, code: errno)
            }
            if count == 0 { return result }
            result.append(contentsOf: chunk[..<count])
        }
    }

    /// Makes the rename itself durable. Best effort: some file systems refuse a folder fsync.
    private static func syncDirectory(_ directory: String) {
        let descriptor = open(directory.isEmpty ? "." : directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        fsync(descriptor)
        close(descriptor)
    }
}

/// POSIX `read`, reachable under another name because `PrivateFiles.read(at:)` shadows it.
private func readSome(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    read(descriptor, buffer, count)
}
