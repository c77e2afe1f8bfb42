import Foundation
import Infrastructure

/// The session in one JSON file under the data directory, readable by the user alone
/// (created `0600`, replaced atomically) and refused when someone has loosened it.
public struct FileSessionStore: SessionStore {
    /// The session file's path, e.g. `~/.local/state/storefront/session.json`.
    public let path: String

    /// Uses `session.json` inside `directory`, which is created `0700` when first written.
    public init(directory: String) {
        path = (directory as NSString).appendingPathComponent("session.json")
    }

    public func load() async throws(SessionStoreError) -> Session? {
        let bytes: [UInt8]?
        do {
            bytes = try PrivateFiles.read(at: path)
        } catch {
            throw .file(error.description)
        }
        guard let bytes else { return nil }
        do {
            return try JSONDecoder().decode(Session.self, from: Data(bytes))
        } catch {
            // The decoding error could quote the file, and the file holds tokens.
            throw .unreadable(path: path)
        }
    }

    public func save(_ session: Session) async throws(SessionStoreError) {
        do {
            try PrivateFiles.createDirectory(at: (path as NSString).deletingLastPathComponent)
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys]
            try PrivateFiles.writeAtomically([UInt8](try encoder.encode(session)), to: path)
        } catch let error as FileSystemError {
            throw .file(error.description)
        } catch {
            throw .file("cannot encode the session")
        }
    }

    /// Holds `session.lock` beside the session file: an advisory lock every
    /// `storefront` process on this data folder takes before it refreshes.
    public func withExclusiveAccess<Result: Sendable>(
        _ body: @Sendable () async throws(NetworkError) -> Result
    ) async throws(NetworkError) -> Result {
        let lock: FileLock
        do {
            try PrivateFiles.createDirectory(at: (path as NSString).deletingLastPathComponent)
            lock = try await FileLock.exclusive(at: (path as NSString).deletingPathExtension + ".lock")
        } catch {
            throw .sessionStorage(reason: "the session lock cannot be taken: \(error.description)")
        }
        defer { lock.release() }
        return try await body()
    }

    public func clear() async throws(SessionStoreError) {
        do {
            try PrivateFiles.remove(at: path)
        } catch {
            throw .file(error.description)
        }
    }
}
