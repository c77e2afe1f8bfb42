@testable import Backend
import Foundation
import Logging
import TestSupport
import Testing

/// One way to make a store for the contract: fresh, in a place of its own (a file in a
/// new folder, a new database), removed after.
struct BackendStoreKind: ContractImplementation {
    let name: String
    /// Whether the store outlives its process: a second store at its place sees the first's rows.
    let persists: Bool
    /// A new place for a store, and what removes it.
    let place: @Sendable () async throws -> (location: String, remove: @Sendable () async -> Void)
    let open: @Sendable (_ location: String, _ capacity: Int) async throws -> any BackendStore
    /// For a store in a file: copies the file alone, none of its companions (a journal, a
    /// write-ahead log), to a new place, and says where; what a backup or a move copies.
    var copyAlone: (@Sendable (_ location: String) throws -> (location: String, remove: @Sendable () -> Void))? = nil

    static let sqlite = BackendStoreKind(name: "SQLiteBackendStore", persists: true, place: {
        let folder = try TemporaryDirectory()
        return (folder.file("backend.sqlite"), { _ = folder })
    }, open: { try await SQLiteBackendStore.open(file: $0, capacity: $1) }, copyAlone: { file in
        let folder = try TemporaryDirectory()
        try FileManager.default.copyItem(atPath: file, toPath: folder.file("backend.sqlite"))
        return (folder.file("backend.sqlite"), { _ = folder })
    })
    static let postgres = BackendStoreKind(name: "PostgresBackendStore", persists: true, place: {
        let database = try await PostgresTestDatabase.make()
        return (database.uri, { await database.drop() })
    }, open: { try await PostgresBackendStore.open(try PostgresAddress(uri: $0), capacity: $1, logger: silent) })
    static let fake = fake(planting: nil)
    /// The fake, with a mistake planted or none. It does less than the real stores:
    /// nothing kept past its process, so the clauses on a second store at the same place
    /// and on the file alone after a clean stop leave it out (`persists`).
    static func fake(planting mistake: FakeBackendStore.PlantedMistake?) -> BackendStoreKind {
        BackendStoreKind(
            name: mistake.map { "FakeBackendStore planting \($0)" } ?? "FakeBackendStore",
            persists: false, place: { ("", {}) }
        ) { FakeBackendStore(capacity: $1, planting: mistake) }
    }

    static let silent = Logger(label: "storefront.tests.store") { _ in SwiftLogNoOpLogHandler() }

    /// The real store of each database the backend offers (`StoreDatabaseKind`): a new
    /// case does not compile until it says how the contract makes one.
    static func real(_ database: StoreDatabaseKind) -> BackendStoreKind {
        switch database {
        case .sqlite: .sqlite
        case .postgresql: .postgres
        }
    }

    /// Every store the contract holds, on any machine: each real one, and the fake.
    static let offered: [BackendStoreKind] = StoreDatabaseKind.allCases.map(real) + [.fake]

    /// Every store the contract runs over here: PostgreSQL's leaves only when asked to by
    /// name (`STOREFRONT_SKIP_POSTGRES=1`).
    static let all: [BackendStoreKind] = offered.filter { $0.name != postgres.name || !PostgresTestDatabase.skipped }

    /// `body` with a fresh store, closed and removed after, whatever `body` did.
    func with(capacity: Int = SQLiteBackendStore.defaultCapacity, _ body: (any BackendStore, String) async throws -> Void) async throws {
        let (location, remove) = try await place()
        let store: any BackendStore
        do {
            store = try await open(location, capacity)
        } catch {
            await remove()
            throw error
        }
        do {
            try await body(store, location)
        } catch {
            await store.close()
            await remove()
            throw error
        }
        await store.close()
        await remove()
    }

    /// `body` with a second store open at `location`, as a second gateway of the same
    /// store would be, closed after whatever `body` did.
    func withAnother<Value>(at location: String, capacity: Int, _ body: (any BackendStore) async throws -> Value) async throws -> Value {
        let store = try await open(location, capacity)
        do {
            let value = try await body(store)
            await store.close()
            return value
        } catch {
            await store.close()
            throw error
        }
    }
}

/// What every `BackendStore` must do, whoever wrote it, with literal answers: the
/// service and the gateway rely on each. Most of all, that a refresh token is spent once
/// and a request admitted once, however many callers ask at the same instant: that is
/// what lets several gateways share one store.
@Suite("The BackendStore contract, over every store", .timeLimit(.minutes(1)))
struct BackendStoreContractTests {
    static let digest = Array(repeating: UInt8(7), count: 32)
    static let other = Array(repeating: UInt8(8), count: 32)

    /// A family's name: 16 bytes of `byte`.
    static func family(_ byte: UInt8) -> [UInt8] { Array(repeating: byte, count: 16) }

    /// A token's digest: 32 bytes of `byte`.
    static func token(_ byte: UInt8) -> [UInt8] { Array(repeating: byte, count: 32) }

    /// A pair whose access token's digest is 32 bytes of `access`, and its refresh token's
    /// of `refresh`.
    static func pair(_ access: UInt8, _ refresh: UInt8, accessExpires: Int64 = 2_000, refreshExpires: Int64 = 3_000) -> TokenPairRecord {
        TokenPairRecord(
            accessDigest: Array(repeating: access, count: 32), accessExpires: accessExpires,
            refreshDigest: Array(repeating: refresh, count: 32), refreshExpires: refreshExpires
        )
    }

    @Test("a kept pair's access token is found with its user and expiry; its refresh token is not an access token", arguments: BackendStoreKind.all)
    func keepsTokens(kind: BackendStoreKind) async throws {
        try await kind.with { store, _ in
            try await store.keep(Self.pair(7, 8), userID: 1, family: Self.family(1))
            let found = try await store.access(Self.digest)
            #expect(found?.userID == 1 && found?.expires == 2_000)
            #expect(try await store.access(Self.other).map(\.userID) == nil)
            #expect(try await store.access([1, 2, 3]).map(\.userID) == nil)
        }
    }

    @Test("a pair is kept whole or not at all: one whose refresh digest is kept already leaves its access token unkept", arguments: BackendStoreKind.all)
    func keepsPairWhole(kind: BackendStoreKind) async throws {
        try await kind.with { store, _ in
            try await store.keep(Self.pair(7, 8), userID: 1, family: Self.family(1))
            await #expect(throws: BackendStoreFailure.self) { try await store.keep(Self.pair(9, 8), userID: 2, family: Self.family(2)) }
            #expect(try await store.access(Array(repeating: 9, count: 32)).map(\.userID) == nil)
        }
    }

    @Test("a refresh token is spent once, only alive, only as a refresh token, and its new pair kept for its user", arguments: BackendStoreKind.all)
    func rotatesOnce(kind: BackendStoreKind) async throws {
        try await kind.with { store, _ in
            try await store.keep(Self.pair(8, 7, refreshExpires: 2_000), userID: 5, family: Self.family(5))
            #expect(try await store.rotate(refresh: Self.other, now: 1_000, into: Self.pair(20, 21)) == .unknown, "an access token")
            #expect(try await store.rotate(refresh: Self.digest, now: 2_000, into: Self.pair(22, 23)) == .unknown, "spent at its expiry")
            #expect(try await store.rotate(refresh: Self.digest, now: 1_999, into: Self.pair(24, 25, accessExpires: 2_500)) == .rotated(userID: 5))
            let renewed = try await store.access(Self.token(24))
            #expect(renewed?.userID == 5 && renewed?.expires == 2_500)
            #expect(try await store.access(Self.token(20)).map(\.userID) == nil, "nothing kept for a token not spent")
            #expect(try await store.access(Self.token(22)).map(\.userID) == nil)
            #expect(try await store.rotate(refresh: Self.token(25), now: 2_000, into: Self.pair(28, 29)) == .rotated(userID: 5), "the new refresh token works")
        }
    }

    @Test(
        "a refresh whose new pair cannot be kept spends nothing: the same token refreshes again",
        arguments: BackendStoreKind.all
    )
    func rotatesWholeOrNotAtAll(kind: BackendStoreKind) async throws {
        try await kind.with { store, _ in
            try await store.keep(Self.pair(8, 7), userID: 5, family: Self.family(5))
            try await store.keep(Self.pair(30, 31), userID: 6, family: Self.family(6))
            // The new refresh digest is one kept already: the pair's insert fails.
            await #expect(throws: BackendStoreFailure.self) { try await store.rotate(refresh: Self.digest, now: 1_000, into: Self.pair(32, 31)) }
            #expect(try await store.access(Array(repeating: 32, count: 32)).map(\.userID) == nil, "half a pair kept")
            #expect(try await store.rotate(refresh: Self.digest, now: 1_000, into: Self.pair(33, 34)) == .rotated(userID: 5))
        }
    }

    /// RFC 9700 section 4.14.2: a refresh token presented after it was spent is in two
    /// hands, so every token its login began is ended, and no other login's.
    @Test("a spent refresh token presented again ends its family, every token of its login, and no other", arguments: BackendStoreKind.all)
    func reuseEndsTheFamily(kind: BackendStoreKind) async throws {
        try await kind.with { store, _ in
            try await store.keep(Self.pair(8, 7), userID: 5, family: Self.family(1))
            try await store.keep(Self.pair(40, 41), userID: 5, family: Self.family(2))
            #expect(try await store.rotate(refresh: Self.digest, now: 1_000, into: Self.pair(24, 25)) == .rotated(userID: 5))
            #expect(try await store.rotate(refresh: Self.digest, now: 1_000, into: Self.pair(26, 27)) == .reused)
            #expect(try await store.access(Self.token(24)).map(\.userID) == nil, "the pair the spent token made")
            #expect(try await store.access(Self.token(8)).map(\.userID) == nil, "the login's first access token")
            #expect(try await store.access(Self.token(26)).map(\.userID) == nil, "nothing kept for the reuse")
            #expect(try await store.rotate(refresh: Self.token(25), now: 1_000, into: Self.pair(28, 29)) == .unknown)
            #expect(try await store.rotate(refresh: Self.digest, now: 1_000, into: Self.pair(30, 31)) == .unknown, "ended, not reused again")
            #expect(try await store.access(Self.token(40))?.userID == 5, "the user's other login")
        }
    }

    /// RFC 7009: revoking either token of a login ends its family.
    @Test("revoking an access or a refresh token ends its login's family; a token no one holds ends nothing", arguments: BackendStoreKind.all)
    func revokes(kind: BackendStoreKind) async throws {
        try await kind.with { store, _ in
            try await store.keep(Self.pair(8, 7), userID: 5, family: Self.family(1))
            try await store.keep(Self.pair(40, 41), userID: 6, family: Self.family(2))
            #expect(try await store.rotate(refresh: Self.digest, now: 1_000, into: Self.pair(24, 25)) == .rotated(userID: 5))
            try await store.revoke(Self.token(24))
            #expect(try await store.access(Self.token(24)).map(\.userID) == nil)
            #expect(try await store.access(Self.token(8)).map(\.userID) == nil)
            #expect(try await store.rotate(refresh: Self.token(25), now: 1_000, into: Self.pair(26, 27)) == .unknown)
            try await store.revoke(Self.token(99))
            #expect(try await store.access(Self.token(40))?.userID == 6, "another login, and a token no one holds, ended nothing")
            try await store.revoke(Self.token(41))
            #expect(try await store.access(Self.token(40)).map(\.userID) == nil)
        }
    }

    @Test("twenty callers spending one refresh token at once: one rotates it, and the others find it spent", arguments: BackendStoreKind.all)
    func rotatesOnceUnderRace(kind: BackendStoreKind) async throws {
        #expect(try await Self.spentByTwenty(kind) == [5])
    }

    /// The users twenty callers got for one refresh token spent at once, each into a pair of its own.
    static func spentByTwenty(_ kind: BackendStoreKind) async throws -> [Int] {
        var spent: [Int] = []
        try await kind.with { store, _ in
            try await store.keep(Self.pair(8, 7), userID: 5, family: Self.family(5))
            spent = try await withThrowingTaskGroup(of: Rotation.self) { group in
                for caller: UInt8 in 0..<20 {
                    group.addTask { try await store.rotate(refresh: Self.digest, now: 1_000, into: Self.pair(100 + caller, 200 + caller)) }
                }
                return try await group.reduce(into: [Int]()) { if case .rotated(let user) = $1 { $0.append(user) } }
            }
        }
        return spent
    }

    /// How many of twenty gateways given one request at once served it; each reads a
    /// token with the admission when `readingAccess`.
    static func admittedByTwenty(_ kind: BackendStoreKind, readingAccess: Bool = false) async throws -> Int {
        var admitted = 0
        try await kind.with { store, _ in
            admitted = try await withThrowingTaskGroup(of: Bool.self) { group in
                for _ in 0..<20 {
                    group.addTask {
                        let admission = readingAccess
                            ? try await store.admit(Self.digest, until: 1_300, now: 1_000, share: .served, readingAccess: Self.other).0
                            : try await store.admit(Self.digest, until: 1_300, now: 1_000, share: .served)
                        return admission == .admitted
                    }
                }
                return try await group.reduce(into: 0) { $0 += $1 ? 1 : 0 }
            }
        }
        return admitted
    }

    @Test("a store that looks, then spends or admits after a suspension, is caught by the races above")
    func plantedRacesAreCaught() async throws {
        #expect(try await Self.spentByTwenty(.fake(planting: .looksThenSpends)).count > 1)
        #expect(try await Self.admittedByTwenty(.fake(planting: .looksThenAdmits)) > 1)
        #expect(try await Self.admittedByTwenty(.fake(planting: .looksThenAdmits), readingAccess: true) > 1)
    }

    @Test("a store that spends a refresh token, then keeps the new pair, outside one transaction, is caught")
    func plantedHalfRefreshIsCaught() async throws {
        try await BackendStoreKind.fake(planting: .spendsThenKeeps).with { store, _ in
            try await store.keep(Self.pair(8, 7), userID: 5, family: Self.family(5))
            try await store.keep(Self.pair(30, 31), userID: 6, family: Self.family(6))
            _ = try? await store.rotate(refresh: Self.digest, now: 1_000, into: Self.pair(32, 31))
            #expect(try await store.rotate(refresh: Self.digest, now: 1_000, into: Self.pair(33, 34)) != .rotated(userID: 5), "the clause's second refresh sees the token spent")
        }
    }

    @Test("a request is admitted once while remembered, and again once its memory has expired", arguments: BackendStoreKind.all)
    func admitsOnce(kind: BackendStoreKind) async throws {
        try await kind.with { store, _ in
            var answers: [Admission] = []
            for (until, now, share): (Int64, Int64, ReplayShare) in [
                (1_300, 1_000, .served), (1_400, 1_100, .served), (1_600, 1_300, .refused), (1_601, 1_301, .refused), (1_700, 1_600, .served),
            ] {
                answers.append(try await store.admit(Self.digest, until: until, now: now, share: share))
            }
            // Admitted; a replay; still remembered at its last second, whatever its share;
            // admitted anew once expired; remembered anew until 1601.
            #expect(answers == [.admitted, .replayed, .replayed, .admitted, .replayed])
            let other = try await store.admit(Self.other, until: 1_300, now: 1_000, share: .served)
            #expect(other == .admitted)
        }
    }

    @Test("twenty gateways admitting one request at once, with a token read or without: one serves it", arguments: BackendStoreKind.all)
    func admitsOnceUnderRace(kind: BackendStoreKind) async throws {
        #expect(try await Self.admittedByTwenty(kind) == 1)
        #expect(try await Self.admittedByTwenty(kind, readingAccess: true) == 1)
    }

    @Test(
        "an admission that reads a token answers what admit, then access, answer: the same admission, the token only when admitted",
        arguments: BackendStoreKind.all
    )
    func admitsReadingAccess(kind: BackendStoreKind) async throws {
        try await kind.with(capacity: 3) { store, _ in
            try await store.keep(Self.pair(7, 8, accessExpires: 2_000), userID: 1, family: Self.family(1))
            let refresh = Array(repeating: UInt8(8), count: 32)
            let unknown = Array(repeating: UInt8(9), count: 32)
            let table: [(enc: [UInt8], now: Int64, token: [UInt8], admission: Admission, found: AccessTokenRecord?)] = [
                ([1], 1_000, Self.digest, .admitted, AccessTokenRecord(userID: 1, expires: 2_000)),
                ([1], 1_100, Self.digest, .replayed, nil),
                ([2], 1_000, refresh, .admitted, nil),
                ([3], 1_000, unknown, .admitted, nil),
                // The served share holds its limit of 3: nothing new is remembered or read.
                ([4], 1_000, Self.digest, .full, nil),
                ([1], 1_200, Self.digest, .replayed, nil),
            ]
            for row in table {
                let (admission, found) = try await store.admit(row.enc, until: row.now + 300, now: row.now, share: .served, readingAccess: row.token)
                #expect(admission == row.admission, "\(row.enc) at \(row.now)")
                #expect(found == row.found, "\(row.enc) at \(row.now)")
            }
            #expect(try await store.admit([3], until: 1_300, now: 1_000, share: .served) == .replayed, "remembered as admit remembers")
        }
    }

    @Test("a store at its capacity remembers no new request, still tells a replay apart, and admits again once a sweep frees room", arguments: BackendStoreKind.all)
    func capacity(kind: BackendStoreKind) async throws {
        try await kind.with(capacity: 2) { store, _ in
            let first = try await store.admit([1], until: 1_300, now: 1_000, share: .served)
            let second = try await store.admit([2], until: 2_000, now: 1_000, share: .served)
            #expect(first == .admitted && second == .admitted)
            #expect(try await store.admit([3], until: 1_300, now: 1_000, share: .served) == .full)
            #expect(try await store.admit([2], until: 2_000, now: 1_100, share: .served) == .replayed, "a replay is still told apart when full")
            #expect(try await store.admit([3], until: 1_300, now: 1_000, share: .served) == .full, "nothing was remembered")
            try await store.sweep(now: 1_301)
            let afterSweep = try await store.admit([3], until: 1_700, now: 1_301, share: .served)
            #expect(afterSweep == .admitted)
        }
    }

    @Test(
        "requests refused for their date have a tenth of the room, apart: filling it takes none from requests served, and a replay of one is still told apart",
        arguments: BackendStoreKind.all
    )
    func refusedShare(kind: BackendStoreKind) async throws {
        try await kind.with(capacity: 20) { store, _ in
            var refused: [Admission] = []
            for enc: UInt8 in 1...3 { refused.append(try await store.admit([enc], until: 87_700, now: 1_000, share: .refused)) }
            #expect(refused == [.admitted, .admitted, .full])
            var served: [Admission] = []
            for enc: UInt8 in 101...121 { served.append(try await store.admit([enc], until: 1_300, now: 1_000, share: .served)) }
            #expect(served == Array(repeating: .admitted, count: 20) + [.full])
            #expect(try await store.admit([1], until: 1_300, now: 87_000, share: .served) == .replayed, "dated ahead, then replayed when its date comes")
            #expect(try await store.admit([3], until: 87_700, now: 1_000, share: .refused) == .full)
        }
    }

    @Test("a sweep's count, on opening again, divides the rows into their shares", arguments: BackendStoreKind.all.filter(\.persists))
    func sharesCountedOnOpening(kind: BackendStoreKind) async throws {
        try await kind.with(capacity: 20) { first, location in
            for enc: UInt8 in 1...2 { _ = try await first.admit([enc], until: 87_700, now: 1_000, share: .refused) }
            let second = try await kind.open(location, 20)
            let refused = try? await second.admit([3], until: 87_700, now: 1_000, share: .refused)
            let served = try? await second.admit([4], until: 1_300, now: 1_000, share: .served)
            await second.close()
            #expect(refused == .full)
            #expect(served == .admitted)
        }
    }

    @Test(
        "two stores open at one place share its capacity: between them they remember at most its limit, and a sweep by either frees room for both",
        arguments: BackendStoreKind.all.filter(\.persists)
    )
    func capacityShared(kind: BackendStoreKind) async throws {
        try await kind.with(capacity: 4) { first, location in
            let admissions = try await kind.withAnother(at: location, capacity: 4) { second in
                var admissions: [Admission] = []
                for enc: UInt8 in 1...6 {
                    let store = enc.isMultiple(of: 2) ? second : first
                    admissions.append(try await store.admit([enc], until: enc <= 2 ? 1_100 : 1_300, now: 1_000, share: .served))
                }
                try await second.sweep(now: 1_101)
                admissions.append(try await first.admit([7], until: 1_400, now: 1_101, share: .served))
                admissions.append(try await first.admit([8], until: 1_400, now: 1_101, share: .served))
                admissions.append(try await second.admit([9], until: 1_400, now: 1_101, share: .served))
                return admissions
            }
            #expect(admissions == [.admitted, .admitted, .admitted, .admitted, .full, .full, .admitted, .admitted, .full])
        }
    }

    @Test("a sweep forgets a refresh token past its expiry and an access token a day past its", arguments: BackendStoreKind.all)
    func sweeps(kind: BackendStoreKind) async throws {
        try await kind.with { store, _ in
            try await store.keep(Self.pair(7, 40, accessExpires: 100_000, refreshExpires: 200_000), userID: 1, family: Self.family(1))
            try await store.keep(Self.pair(8, 41, accessExpires: 100_000 - 86_401, refreshExpires: 200_000), userID: 2, family: Self.family(2))
            try await store.keep(Self.pair(42, 43, accessExpires: 100_000, refreshExpires: 100_000), userID: 3, family: Self.family(3))
            try await store.sweep(now: 100_001)
            #expect(try await store.access(Self.digest)?.userID == 1, "expired an instant ago: still known, so reported as expired")
            #expect(try await store.access(Self.other).map(\.userID) == nil)
            // Swept, a refresh token's digest may be kept anew; kept, it could not.
            try await store.keep(Self.pair(44, 43), userID: 4, family: Self.family(4))
            await #expect(throws: BackendStoreFailure.self) { try await store.keep(Self.pair(45, 40), userID: 5, family: Self.family(5)) }
        }
    }

    @Test("closing a store twice is harmless", arguments: BackendStoreKind.all)
    func closesTwice(kind: BackendStoreKind) async throws {
        try await kind.with { store, _ in
            try await store.keep(Self.pair(8, 7), userID: 9, family: Self.family(9))
            await store.close()
            await store.close()
            // `with` closes it a third time.
        }
    }

    @Test(
        "after a clean stop the file alone holds everything: a copy of it without its companions has every token and request",
        arguments: BackendStoreKind.all.filter { $0.copyAlone != nil }
    )
    func fileAloneAfterClose(kind: BackendStoreKind) async throws {
        let copyAlone = try #require(kind.copyAlone)
        try await kind.with { store, location in
            try await store.keep(Self.pair(8, 7), userID: 9, family: Self.family(9))
            #expect(try await store.admit(Self.other, until: 1_300, now: 1_000, share: .served) == .admitted)
            await store.close()

            let (copy, remove) = try copyAlone(location)
            defer { remove() }
            let reopened = try await kind.open(copy, SQLiteBackendStore.defaultCapacity)
            let found = try? await reopened.access(Array(repeating: 8, count: 32))
            let admitted = try? await reopened.admit(Self.other, until: 1_300, now: 1_000, share: .served)
            await reopened.close()
            #expect(found?.userID == 9, "the token kept before the stop")
            #expect(admitted == .replayed, "the request remembered before the stop")
        }
    }

    @Test("a second store at the same place, as a second gateway or a restart, sees the first's tokens and requests", arguments: BackendStoreKind.all.filter(\.persists))
    func sharedAndPersistent(kind: BackendStoreKind) async throws {
        try await kind.with { first, location in
            try await first.keep(Self.pair(8, 7), userID: 9, family: Self.family(9))
            let admittedFirst = try await first.admit(Self.other, until: 1_300, now: 1_000, share: .served)
            #expect(admittedFirst == .admitted)
            let second = try await kind.open(location, SQLiteBackendStore.defaultCapacity)
            let spent = try? await second.rotate(refresh: Self.digest, now: 1_000, into: Self.pair(50, 51))
            let admitted = try? await second.admit(Self.other, until: 1_300, now: 1_000, share: .served)
            await second.close()
            #expect(spent == .rotated(userID: 9))
            #expect(admitted == .replayed)
            #expect(try await first.access(Self.token(50))?.userID == 9, "the other's new pair")
            #expect(try await first.rotate(refresh: Self.digest, now: 1_000, into: Self.pair(52, 53)) == .reused, "spent by the other")
        }
    }
}
