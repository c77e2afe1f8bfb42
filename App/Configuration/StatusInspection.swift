import Data
import Domain
import Infrastructure
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Presentation

/// What `storefront status` finds: the settings in use, who is signed in (from the
/// cache alone, no request), the session file's mode, the cache's figures; and, only
/// when asked, whether the backend still accepts the session.
struct StatusInspection {
    let settings: ClientSettings
    let sessions: any SessionStore
    let accounts: any AuthRepository
    let cache: any ResponseCache
    /// Shows the wait while the backend is asked.
    let output: any ConsoleOutput

    func report(checkingWithBackend: Bool) async -> StatusReport {
        let sessionPath = settings.sessionFile
        // From stat itself: FileManager's attribute dictionary holds the mode as a type
        // that `as? Int` reads only where all of Foundation is loaded to bridge it.
        let mode = PrivateFiles.identity(of: sessionPath).map { Int($0.mode & 0o7777) }
        var signedInAs: String?
        let session: Session?
        do {
            session = try await sessions.load()
        } catch {
            session = nil
            signedInAs = "unknown: the session file cannot be used (\(error))"
        }
        if let session {
            let user = try? await accounts.currentUser(policy: .cacheOnly)
            signedInAs = user.map { "\($0.value.displayName) (\($0.value.username))" } ?? "user \(session.userID)"
        }
        var check: SessionCheck?
        if checkingWithBackend {
            check = session == nil ? .notSignedIn : await checkSession()
        }
        let statistics = await cache.statistics()
        return StatusReport(
            backend: settings.baseURL.absoluteString,
            sealing: settings.oblivious.map {
                StatusReport.Sealing(source: $0.source, keyID: $0.keyID.map(String.init), relay: $0.relay?.absoluteString)
            },
            authorityFile: settings.trust.authorityFile,
            pins: settings.trust.pins.map(\.description),
            signedInAs: signedInAs,
            session: .init(path: sessionPath, mode: mode),
            cache: .init(folder: settings.cacheDirectory, entries: statistics.entries, bytes: statistics.bytes, oldestStoredAt: statistics.oldestStoredAt),
            check: check
        )
    }

    /// The `CheckSession` use case, with the wait shown while the backend is asked.
    private func checkSession() async -> SessionCheck {
        output.beginActivity("Asking the store about the session")
        defer { output.endActivity() }
        return await CheckSession(repository: accounts)()
    }
}
