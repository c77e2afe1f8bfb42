import SystemPackage
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The start-up check of a whole folder: every file in it is private, or the first one
/// that is not is refused, by name.
extension PrivateFiles {
    /// Refuses a file in `folder` that another user could reach. None can be when the
    /// folder itself is private (the user's, with no access for group or others): no
    /// one else can list, open, add or replace anything in it, whatever a file's own
    /// mode, and `read(at:)` still refuses a loosened file when it is read. So a private
    /// folder costs one `stat` however many files it holds; any other folder is checked
    /// file by file (`checkFiles(in:)`). A folder that does not exist holds nothing.
    public static func checkReachableFiles(in folder: String) throws(FileSystemError) {
        var status = stat()
        guard stat(folder, &status) == 0 else { return }
        let isPrivateFolder = UInt32(status.st_mode) & UInt32(S_IFMT) == UInt32(S_IFDIR)
            && status.st_uid == getuid() && UInt32(status.st_mode) & 0o077 == 0
        guard !isPrivateFolder else { return }
        try checkFiles(in: folder)
    }

    /// Refuses the folder's first regular file (by name) that another user can access
    /// or that belongs to someone else: the rule `read(at:)` applies to one file,
    /// applied at start-up to every file, so a loosened file is reported rather than
    /// silently skipped. A folder that does not exist yet holds nothing to refuse.
    /// One `readdir` pass and one `fstatat` per file, with no path strings made for the
    /// files that pass.
    public static func checkFiles(in folder: String) throws(FileSystemError) {
        guard let directory = opendir(folder) else { return }
        defer { closedir(directory) }
        let descriptor = dirfd(directory)
        let user = getuid()
        var refused: (name: String, error: FileSystemError)?
        while let entry = readdir(directory) {
            var status = stat()
            let found = withName(of: entry) { fstatat(descriptor, $0, &status, AT_SYMLINK_NOFOLLOW) == 0 }
            guard found, UInt32(status.st_mode) & UInt32(S_IFMT) == UInt32(S_IFREG),
                  status.st_uid != user || UInt32(status.st_mode) & 0o077 != 0 else { continue }
            let name = withName(of: entry) { String(cString: $0) }
            guard refused.map({ name < $0.name }) ?? true else { continue }
            let path = FilePath(folder).appending(name).string
            refused = (name, status.st_uid != user
                ? .notOwnedByUser(path: path)
                : .tooPermissive(path: path, mode: UInt32(status.st_mode)))
        }
        if let refused { throw refused.error }
    }

    /// The entry's name, which `readdir` keeps inline as a fixed C array (a tuple to
    /// Swift), as the C string it is.
    static func withName<Result>(
        of entry: UnsafeMutablePointer<dirent>,
        _ body: (UnsafePointer<CChar>) -> Result
    ) -> Result {
        withUnsafePointer(to: &entry.pointee.d_name) { name in
            name.withMemoryRebound(to: CChar.self, capacity: MemoryLayout.size(ofValue: entry.pointee.d_name), body)
        }
    }
}
