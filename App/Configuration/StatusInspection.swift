import Data
import Domain
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Presentation

/// What `storefront status` finds: the settings in use, who is signed in (from the
/// cache alone, no request), where the session store keeps the session and who can
/// read it, the cache's figures; and, only when asked, whether the backend still
/// accepts the session.
struct StatusInspection {
    let settings: ClientSettings
    /// The name of the HTTP stack in use.
    let transport: String
    let sessions: any SessionStore
    let accounts: any AuthRepository
    let cache: any ResponseCache
    /// Shows the wait while the backend is asked.
    let output: any ConsoleOutput

    func report(checkingWithBackend: Bool) async -> StatusReport {
        let place = await sessions.inspect()
        var signedInAs: String?
        let session: Session?
        do {
            session = try await sessions.load()
        } catch {
            session = nil
            signedInAs = "unknown: the session cannot be used (\(error))"
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
            transport: transport,
            sealing: settings.oblivious.map {
                StatusReport.Sealing(source: $0.source, keyID: $0.keyID.map(String.init), relay: $0.relay?.absoluteString)
            },
            authorityFile: settings.trust.authorityFile,
            pins: settings.trust.pins.map(\.description),
            signedInAs: signedInAs,
            session: .init(
                store: place.store, holder: place.holder, location: place.location,
                permissions: place.permissions, isPrivate: place.isPrivate, fix: place.fix
            ),
            cache: .init(
                folder: settings.cacheDirectory,
                entries: statistics.entries, bytes: statistics.bytes, oldestStoredAt: statistics.oldestStoredAt,
                maximumEntries: settings.cacheLimits.maximumEntries, maximumBytes: settings.cacheLimits.maximumBytes
            ),
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
