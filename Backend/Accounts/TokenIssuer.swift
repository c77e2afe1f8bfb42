import Foundation
import Infrastructure

/// Issues and checks the backend's opaque tokens, kept in the store by digest. Access
/// tokens expire; a refresh token works once (rotation), and one presented again ends
/// every token of its login (reuse detection, RFC 9700 section 4.14.2): of a thief and
/// the owner, whoever comes second ends the thief's chain too. Two gateways handed the
/// same token at once grant one pair between them, and the second ends it.
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
        /// The store could not be read: neither accepted nor refused.
        case unavailable
    }

    private let records: any TokenRecords
    private let clock: any WallClock
    /// Caps every access token's lifetime, for tests that need tokens to expire soon.
    private let maximumAccessLifetime: Duration?
    private let refreshLifetime: Duration = .seconds(30 * 24 * 3600)

    init(records: any TokenRecords, clock: any WallClock, maximumAccessLifetime: Duration?) {
        self.records = records
        self.clock = clock
        self.maximumAccessLifetime = maximumAccessLifetime
    }

    /// Why no pair could be granted.
    enum GrantFailure: Error {
        case noRandomness(CryptoError)
        case notKept(BackendStoreFailure)
    }

    /// A new pair for `userID`, the access token living `minutes` (or less, when capped),
    /// kept before it is handed out, as a family of its own.
    func grant(userID: Int, minutes: Int) async throws(GrantFailure) -> Grant {
        let (grant, record) = try newPair(minutes: minutes)
        let family: [UInt8]
        do {
            family = try SecureRandom.bytes(16)
        } catch {
            throw .noRandomness(error)
        }
        do {
            try await records.keep(record, userID: userID, family: family)
        } catch {
            throw .notKept(error)
        }
        grantedCount += 1
        return grant
    }

    /// What a refresh came to.
    enum Refreshed {
        case granted(Grant)
        /// The token had been spent: its family is ended.
        case reused
        /// Never granted, expired, or its family ended.
        case unknown
    }

    /// A new pair for the user of `refreshToken`, which is spent in the same transaction
    /// (rotation). When the store fails, nothing is spent and the same token may be
    /// tried again.
    func refresh(_ refreshToken: String, minutes: Int) async throws(GrantFailure) -> Refreshed {
        guard let digest = try? Self.digest(refreshToken) else { return .unknown }
        let (grant, record) = try newPair(minutes: minutes)
        let rotation: Rotation
        do {
            rotation = try await records.rotate(refresh: digest, now: Self.seconds(clock.now), into: record)
        } catch {
            throw .notKept(error)
        }
        switch rotation {
        case .rotated:
            redeemedCount += 1
            grantedCount += 1
            return .granted(grant)
        case .reused:
            return .reused
        case .unknown:
            return .unknown
        }
    }

    /// Ends the family of `token`, an access or a refresh token (RFC 7009). A token that
    /// is not one of ours ends nothing, and the caller is not told which it was.
    func revoke(_ token: String) async throws(BackendStoreFailure) {
        guard let digest = try? Self.digest(token) else { return }
        try await records.revoke(digest)
    }

    /// Two fresh tokens, and what the store keeps of them.
    private func newPair(minutes: Int) throws(GrantFailure) -> (Grant, TokenPairRecord) {
        let now = clock.now
        var lifetime = Duration.seconds(minutes * 60)
        if let maximumAccessLifetime, maximumAccessLifetime < lifetime {
            lifetime = maximumAccessLifetime
        }
        do {
            let grant = Grant(accessToken: try RandomToken.make(), refreshToken: try RandomToken.make())
            let record = TokenPairRecord(
                accessDigest: try Self.digest(grant.accessToken), accessExpires: Self.seconds(now.addingTimeInterval(lifetime.timeInterval)),
                refreshDigest: try Self.digest(grant.refreshToken), refreshExpires: Self.seconds(now.addingTimeInterval(refreshLifetime.timeInterval))
            )
            return (grant, record)
        } catch {
            throw .noRandomness(error)
        }
    }

    /// How `accessToken` fares now: from `read` when that is this token's, read with the
    /// request's admission; from the store otherwise.
    func check(accessToken: String, read: AccessRead?) async -> Check {
        let kept: AccessTokenRecord?
        if let read, read.token == accessToken {
            kept = read.record
        } else {
            guard let digest = try? Self.digest(accessToken) else { return .unknown }
            do {
                kept = try await records.access(digest)
            } catch {
                return .unavailable
            }
        }
        guard let kept else { return .unknown }
        return kept.expires > Self.seconds(clock.now) ? .valid(userID: kept.userID) : .expired
    }

    /// How many token pairs this process granted, logins and refreshes together.
    private(set) var grantedCount = 0

    /// How many refresh tokens this process redeemed: tests count refreshes with it.
    private(set) var redeemedCount = 0

    /// What the store keeps of a token: its SHA-256, never the token.
    static func digest(_ token: String) throws(CryptoError) -> [UInt8] {
        try SHA256.hash(Array(token.utf8))
    }

    private static func seconds(_ date: Date) -> Int64 {
        Int64(date.timeIntervalSince1970.rounded(.down))
    }
}

/// What the store held for a request's bearer token, read in the round trip that
/// remembered the request (`BackendStore.admit(_:until:now:share:readingAccess:)`), so
/// a signed-in request costs the database one round trip.
struct AccessRead: Sendable {
    /// The token that was read.
    let token: String
    /// The token as kept; nil when none is.
    let record: AccessTokenRecord?
}
