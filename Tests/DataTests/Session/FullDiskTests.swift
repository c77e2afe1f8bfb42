@testable import Data
import Domain
import Foundation
import Presentation
import TestSupport
import Testing

/// A data folder that cannot be written (a full disk), injected: the session store's
/// write fails as a full disk fails it. A login, a refresh and a logout each end as
/// `cannotWrite` with the system's words, which reads as a sentence and exits 73; the
/// session is as it was. A cache that cannot be written never fails a read.
@Suite("A full disk has a sentence", .timeLimit(.minutes(1)))
struct FullDiskTests {
    static let noSpace = SessionStoreError.notWritten("write /data/session.json.tmp failed: No space left on device")
    static let old = Session(accessToken: "a1", refreshToken: "r1", userID: 1)

    @Test("login: signed in at the server, the session not writable: cannotWrite, 73, the reason in the sentence")
    func login() async throws {
        let harness = try RepositoryHarness()
        let sessions = FakeSessionStore(nil, failing: Self.noSpace)
        let client = StoreClient(
            chain: harness.chain(SpyTransport(always: .json(200, Fixtures.login))), cache: harness.cache,
            sessions: sessions, clock: harness.clock, cacheNamespace: "http://test"
        )
        let repository = RemoteAuthRepository(client: client, sessions: sessions)

        let failure = await #expect(throws: StoreError.self) {
            _ = try await repository.logIn(try Credentials(username: "emilys", password: "emilyspass"))
        }
        #expect(failure == .cannotWrite(what: "the session", Diagnostic(Self.noSpace.description)))
        let message = ErrorMessage(try #require(failure))
        #expect(message.exitStatus == .cannotWrite && message.exitStatus.rawValue == 73)
        #expect(message.code == .cannotWrite)
        #expect(message.sentence.hasPrefix("The session could not be written (write /data/session.json.tmp failed: No space left on device)"))
        #expect(await sessions.saveCount == 0)
    }

    @Test("logout: the session cannot be removed: cannotWrite")
    func logout() async throws {
        let harness = try RepositoryHarness()
        let sessions = FakeSessionStore(nil, failing: Self.noSpace)
        let client = StoreClient(
            chain: harness.chain(SpyTransport(always: .json(200, "{}"))), cache: harness.cache,
            sessions: sessions, clock: harness.clock, cacheNamespace: "http://test"
        )
        await #expect(throws: StoreError.cannotWrite(what: "the session", Diagnostic(Self.noSpace.description))) {
            try await RemoteAuthRepository(client: client, sessions: sessions).logOut()
        }
    }

    @Test("a refresh whose renewed session cannot be written: cannotWrite, not 'something unexpected'")
    func refresh() {
        #expect(StoreErrorMapping.fromNetworkError(.sessionStore(.notWritten("no space"))) == .cannotWrite(what: "the renewed session", Diagnostic("no space")))
    }

    @Test("a search whose answer cannot be kept still answers from the network, and keeps nothing")
    func searchWithUnwritableCache() async throws {
        let harness = try RepositoryHarness()
        // A file where the cache's folder should be: no entry can be written there,
        // whoever runs the test (root writes through a read-only folder's mode).
        let blocked = harness.temporary.file("blocked")
        try Data("not a folder".utf8).write(to: URL(fileURLWithPath: blocked))
        let cache = FileResponseCache(directory: blocked, clock: harness.clock)
        let page = try String(contentsOf: RepositoryFolder.root.appendingPathComponent("Tests/Recorded/dummyjson/searchProducts.phone.json"), encoding: .utf8)
        let client = StoreClient(
            chain: harness.chain(SpyTransport(always: .json(200, page))), cache: cache,
            sessions: harness.sessions, clock: harness.clock, cacheNamespace: "http://test"
        )
        #expect(await cache.store([1], for: "probe", validity: CacheValidity()) == false)

        // The recorded DummyJSON answer is page 2 of ten (skip 10).
        let query = try SearchQuery(text: "phone", page: 2, pageSize: 10)
        let answer = try await RemoteProductRepository(client: client).search(query, policy: .standard)

        #expect(answer.origin == .network)
        #expect(try String(contentsOfFile: blocked, encoding: .utf8) == "not a folder")
    }
}
