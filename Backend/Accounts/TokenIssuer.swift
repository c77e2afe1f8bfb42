import Foundation
import Infrastructure

/// Issues and checks the backend's opaque tokens. Access tokens expire; a refresh
/// token works once (rotation), so a stolen one that has been used is worthless.
actor TokenIssuer {
    struct Grant: Sendable {
        let accessToken: String
        let refreshToken: String
    }

    /// How a presented access token fared.
    enum Check: Equatable {
        case valid(userID: Int)
        case expired
        case unknown
    }

    private struct Entry {
        let userID: Int
        let expires: Date
    }

    private let clock: any WallClock
    /// Caps every access token's lifetime, for tests that need tokens to expire soon.
    private let maximumAccessLifetime: Duration?
    private let refreshLifetime: Duration = .seconds(30 * 24 * 3600)
    private var accessTokens: [String: Entry] = [:]
    private var refreshTokens: [String: Entry] = [:]

    init(clock: any WallClock, maximumAccessLifetime: Duration?) {
        self.clock = clock
        self.maximumAccessLifetime = maximumAccessLifetime
    }

    /// A new pair for `userID`, the access token living `minutes` (or less, when capped).
    func grant(userID: Int, minutes: Int) throws(CryptoError) -> Grant {
        let now = clock.now
        var lifetime = Duration.seconds(minutes * 60)
        if let maximumAccessLifetime, maximumAccessLifetime < lifetime {
            lifetime = maximumAccessLifetime
        }
        let grant = Grant(accessToken: try RandomToken.make(), refreshToken: try RandomToken.make())
        grantedCount += 1
        accessTokens[grant.accessToken] = Entry(userID: userID, expires: now.addingTimeInterval(lifetime.timeInterval))
        refreshTokens[grant.refreshToken] = Entry(userID: userID, expires: now.addingTimeInterval(refreshLifetime.timeInterval))
        removeExpired(now: now)
        return grant
    }

    func check(accessToken: String) -> Check {
        guard let entry = accessTokens[accessToken] else { return .unknown }
        return entry.expires > clock.now ? .valid(userID: entry.userID) : .expired
    }

    /// How many token pairs were granted, logins and refreshes together.
    private(set) var grantedCount = 0

    /// How many refresh tokens were redeemed: tests count refreshes with it.
    private(set) var redeemedCount = 0

    /// Spends `refreshToken` and returns its user, or nil when it is unknown, used or expired.
    func redeem(refreshToken: String) -> Int? {
        guard let entry = refreshTokens.removeValue(forKey: refreshToken), entry.expires > clock.now else { return nil }
        redeemedCount += 1
        return entry.userID
    }

    /// Keeps memory bounded on a long-running server; an expired access token is kept
    /// a day so that it is reported as expired, not unknown.
    private func removeExpired(now: Date) {
        accessTokens = accessTokens.filter { $0.value.expires.addingTimeInterval(24 * 3600) > now }
        refreshTokens = refreshTokens.filter { $0.value.expires > now }
    }
}
