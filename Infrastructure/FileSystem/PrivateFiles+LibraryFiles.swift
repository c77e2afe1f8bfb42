#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SystemPackage

/// Files another library writes beside ours (a database and its `-journal`, `-wal` and `-shm`):
/// made private from their first byte, and refused when someone has loosened them or
/// another user owns them, since whoever can write a database can change what it says.
extension PrivateFiles {
    /// Makes an empty file at `path` that only the user can read (`0600`) when none is
    /// there; one that is there is kept, and refused when group or others may access it
    /// or another user owns it. For a file another library writes (a database), so that
    /// it is private from its first byte, and a copy others could change is not trusted.
    public static func create(at path: String) throws(FileSystemError) {
        let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard descriptor >= 0 else { throw .systemCall(operation: "open", path: path, code: errno) }
        defer { close(descriptor) }
        try checkPrivate(descriptor, path: path)
    }

    /// Refuses the folder that holds `file` when another user may add a file to it: one
    /// whose group or others may write it (a sticky bit does not help: it stops a file
    /// being removed, not one being made), or that neither this user nor root owns. In
    /// such a folder a file a library reads beside ours (a database's hot `-journal`)
    /// could be anyone's.
    public static func checkFolderClosedToOthers(holding file: String) throws(FileSystemError) {
        let parent = FilePath(file).removingLastComponent().string
        let path = parent.isEmpty ? "." : parent
        var status = stat()
        guard stat(path, &status) == 0 else { throw .systemCall(operation: "stat", path: path, code: errno) }
        guard UInt32(status.st_mode) & UInt32(S_IFMT) == UInt32(S_IFDIR) else { throw .notADirectory(path: path) }
        guard status.st_uid == getuid() || status.st_uid == 0, UInt32(status.st_mode) & 0o022 == 0 else {
            throw .folderOpenToOthers(path: path, mode: UInt32(status.st_mode))
        }
    }

    /// Refuses the file at `path`, when there is one, that group or others may access or
    /// another user owns: for the files a library makes beside one of ours (a database's
    /// `-journal`, `-wal` and `-shm`). No file there is nothing to refuse.
    public static func checkPrivate(at path: String) throws(FileSystemError) {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK)
        guard descriptor >= 0 else {
            if errno == ENOENT { return }
            throw .systemCall(operation: "open", path: path, code: errno)
        }
        defer { close(descriptor) }
        try checkPrivate(descriptor, path: path)
    }

    fileprivate static func checkPrivate(_ descriptor: Int32, path: String) throws(FileSystemError) {
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw .systemCall(operation: "stat", path: path, code: errno) }
        guard status.st_uid == getuid() else { throw .notOwnedByUser(path: path) }
        guard UInt32(status.st_mode) & 0o077 == 0 else { throw .tooPermissive(path: path, mode: UInt32(status.st_mode)) }
    }
}
