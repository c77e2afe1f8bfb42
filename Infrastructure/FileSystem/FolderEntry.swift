#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import SystemPackage
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A regular file in a folder, with what a store's housekeeping needs to know of it.
public struct FolderEntry: Sendable, Equatable {
    public let name: String
    public let path: String
    public let size: Int
    public let modified: Date
}

extension PrivateFiles {
    /// The regular files in `folder` (links and subfolders left out), from one `readdir`
    /// pass and one `fstatat` each; empty when the folder cannot be read. Foundation's
    /// listing with resource values is outside FoundationEssentials.
    public static func files(in folder: String) -> [FolderEntry] {
        guard let directory = opendir(folder) else { return [] }
        defer { closedir(directory) }
        let descriptor = dirfd(directory)
        let base = FilePath(folder)
        var files: [FolderEntry] = []
        while let entry = readdir(directory) {
            var status = stat()
            let found = withName(of: entry) { fstatat(descriptor, $0, &status, AT_SYMLINK_NOFOLLOW) == 0 }
            guard found, UInt32(status.st_mode) & UInt32(S_IFMT) == UInt32(S_IFREG) else { continue }
            let name = withName(of: entry) { String(cString: $0) }
            let modified = modificationTime(of: status)
            files.append(FolderEntry(
                name: name, path: base.appending(name).string, size: Int(status.st_size),
                modified: Date(timeIntervalSince1970: Double(modified.tv_sec) + Double(modified.tv_nsec) / 1e9)
            ))
        }
        return files
    }
}
