import Infrastructure
import SystemPackage

/// What every session store keeps in the data folder, wherever it keeps the session:
/// the refresh lock (`session.lock`, a `flock` the kernel releases when its holder dies)
/// and the rule its files are held to. One place, so the stores cannot drift apart.
enum SessionFolder {
    /// Waits for, then holds, the lock every `storefront` process on `folder` takes
    /// before it refreshes; the folder is made (`0700`) if missing.
    static func lock(in folder: String) async throws(SessionStoreError) -> FileLock {
        do {
            try PrivateFiles.createDirectory(at: folder)
            return try await FileLock.exclusive(at: FilePath(folder).appending("session.lock").string)
        } catch {
            throw .notWritten("the session lock cannot be taken: \(error.description)")
        }
    }

    /// Every file in `folder` is the user's alone (the rule `PrivateFiles` reads by).
    static func checkPrivacy(of folder: String) throws(SessionStoreError) {
        do {
            try PrivateFiles.checkFiles(in: folder)
        } catch {
            throw storeError(error)
        }
    }

    /// A file the user alone should hold but another could reach is untrusted; any
    /// other failure to read it leaves the store unusable.
    static func storeError(_ error: FileSystemError) -> SessionStoreError {
        switch error {
        case .tooPermissive, .writableByOthers, .notOwnedByUser: .untrusted(error.description)
        default: .unavailable(error.description)
        }
    }
}
