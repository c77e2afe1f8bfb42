@testable import Data
import Domain
import Foundation
import TestSupport
import Testing

/// The store client's cache rules through the product repository, on a manual clock: what is sent,
/// what is answered from the cache, and what is kept. Nothing sleeps. Every rule runs over
/// every store (`CacheStoreKind.all`): the rules are the store client's, whatever keeps the bytes.
@Suite("The store client's cache rules: freshness, revalidation, offline, per user", .timeLimit(.minutes(2)))
struct CacheRulesTests {
    let query: SearchQuery

    init() throws {
        query = try SearchQuery(text: "phone", page: 6, pageSize: 2)
    }

    /// A 200 with the search fixture and the reference backend's headers.
    static func page(cacheControl: String? = "private, max-age=30", etag: String? = #""v1""#) -> StubResponse {
        var response = StubResponse.json(200, Fixtures.searchPhone)
        response.headers["Cache-Control"] = cacheControl
        response.headers["ETag"] = etag
        return response
    }

    static let notModified = StubResponse(status: 304, headers: ["Cache-Control": "private, max-age=30", "ETag": #""v1""#])

    @Test("fresh: a second search within max-age sends nothing and says it came from the cache, with its age", arguments: CacheStoreKind.all)
    func freshHit(store: CacheStoreKind) async throws {
        let harness = try RepositoryHarness(store: store)
        let transport = SpyTransport(always: Self.page())
        _ = try await harness.products(transport).search(query, policy: .standard)
        harness.clock.advance(by: 29)

        let again = try await harness.products(transport).search(query, policy: .standard)

        #expect(await transport.requests.count == 1)
        #expect(again.origin == .cache(age: .seconds(29), reason: .fresh))
    }

    @Test("stale with an ETag: one conditional request; a 304 renews the page, answered as from the network", arguments: CacheStoreKind.all)
    func revalidated(store: CacheStoreKind) async throws {
        let harness = try RepositoryHarness(store: store)
        let transport = SpyTransport { _, index in index == 0 ? Self.page() : Self.notModified }
        let first = try await harness.products(transport).search(query, policy: .standard)
        harness.clock.advance(by: 31)

        let renewed = try await harness.products(transport).search(query, policy: .standard)
        harness.clock.advance(by: 29)
        let freshAgain = try await harness.products(transport).search(query, policy: .standard)

        let requests = await transport.requests
        #expect(requests.count == 2)
        #expect(requests[0].header("If-None-Match") == nil)
        #expect(requests[1].header("If-None-Match") == #""v1""#)
        #expect(renewed == Fetched(first.value, from: .network))
        #expect(freshAgain.origin == .cache(age: .seconds(29), reason: .fresh), "the 304 did not renew the freshness")
    }

    @Test("no-cache, no max-age, or a zero one: kept, but asked about every time", arguments: CacheStoreKind.all)
    func keptButAlwaysAsked(store: CacheStoreKind) async throws {
        for cacheControl in ["private, no-cache", nil, "max-age=0", "max-age=banana"] {
            let harness = try RepositoryHarness(store: store)
            let transport = SpyTransport { _, index in index == 0 ? Self.page(cacheControl: cacheControl) : Self.notModified }
            _ = try await harness.products(transport).search(query, policy: .standard)

            let again = try await harness.products(transport).search(query, policy: .standard)

            #expect(await transport.requests.count == 2, "\(String(describing: cacheControl))")
            #expect(again.origin == .network)
        }
    }

    @Test("no-store: never kept, and an older kept page is dropped", arguments: CacheStoreKind.all)
    func noStore(store: CacheStoreKind) async throws {
        let harness = try RepositoryHarness(store: store)
        let transport = SpyTransport { _, index in index == 0 ? Self.page(cacheControl: "no-cache") : Self.page(cacheControl: "no-store", etag: nil) }
        _ = try await harness.products(transport).search(query, policy: .standard)
        _ = try await harness.products(transport).search(query, policy: .standard)

        await #expect(throws: StoreError.offline) {
            _ = try await harness.products(SpyTransport(failing: .cannotConnect(reason: "connection refused"))).search(query, policy: .standard)
        }
    }

    @Test("stale-if-error: the backend cannot be reached, the stale page answers with its age", arguments: CacheStoreKind.all)
    func staleIfError(store: CacheStoreKind) async throws {
        let harness = try RepositoryHarness(store: store)
        _ = try await harness.products(SpyTransport(always: Self.page())).search(query, policy: .standard)
        harness.clock.advance(by: 600)

        let fallback = try await harness.products(SpyTransport(failing: .cannotConnect(reason: "connection refused"))).search(query, policy: .standard)

        #expect(fallback.origin == .cache(age: .seconds(600), reason: .backendUnreachable))
    }

    @Test("--offline: the kept page however stale, and no request; nothing kept is 'not cached'", arguments: CacheStoreKind.all)
    func offline(store: CacheStoreKind) async throws {
        let harness = try RepositoryHarness(store: store)
        _ = try await harness.products(SpyTransport(always: Self.page())).search(query, policy: .standard)
        harness.clock.advance(by: 3_600)
        let silent = SpyTransport(failing: .unreachable(reason: "must not be asked"))

        let kept = try await harness.products(silent).search(query, policy: .cacheOnly)
        let other = try SearchQuery(text: "laptop")

        #expect(kept.origin == .cache(age: .seconds(3_600), reason: .offlineRequested))
        await #expect(throws: StoreError.notCached) { _ = try await harness.products(silent).search(other, policy: .cacheOnly) }
        #expect(await silent.requests.isEmpty)
    }

    @Test("--refresh: a fresh page is asked about anyway (conditionally)", arguments: CacheStoreKind.all)
    func refresh(store: CacheStoreKind) async throws {
        let harness = try RepositoryHarness(store: store)
        let transport = SpyTransport { _, index in index == 0 ? Self.page() : Self.notModified }
        _ = try await harness.products(transport).search(query, policy: .standard)

        let refreshed = try await harness.products(transport).search(query, policy: .revalidate)

        #expect(await transport.requests.count == 2)
        #expect(await transport.requests.last?.header("If-None-Match") == #""v1""#)
        #expect(refreshed.origin == .network)
    }

    @Test("a 304 to a request that sent no ETag is an unusable answer, not a crash", arguments: CacheStoreKind.all)
    func unaskedNotModified(store: CacheStoreKind) async throws {
        let harness = try RepositoryHarness(store: store)
        await #expect(throws: StoreError.self) {
            _ = try await harness.products(SpyTransport(always: Self.notModified)).search(query, policy: .standard)
        }
    }

    @Test(
        "a 304 whose ETag is not the kept one, or that has none, renews nothing (RFC 9111 4.3.4)",
        arguments: CacheStoreKind.all, [#""v2""#, #"W/"v2""#, nil]
    )
    func mismatchedNotModified(store: CacheStoreKind, etag: String?) async throws {
        let harness = try RepositoryHarness(store: store)
        let forged = StubResponse(status: 304, headers: ["Cache-Control": "private, max-age=86400", "ETag": etag].compactMapValues { $0 })
        let transport = SpyTransport { _, index in index == 0 ? Self.page() : forged }
        _ = try await harness.products(transport).search(query, policy: .standard)
        harness.clock.advance(by: 31)

        await #expect(throws: StoreError.self) { _ = try await harness.products(transport).search(query, policy: .standard) }
        // Nothing renewed: still stale, and still asked about with the tag it came with.
        _ = try? await harness.products(transport).search(query, policy: .standard)
        let requests = await transport.requests
        #expect(requests.count == 3)
        #expect(requests.dropFirst().allSatisfy { $0.header("If-None-Match") == #""v1""# })
    }

    @Test("a forged max-age of a year counts as a day at most", arguments: CacheStoreKind.all)
    func freshnessIsBounded(store: CacheStoreKind) async throws {
        let harness = try RepositoryHarness(store: store)
        let transport = SpyTransport { _, index in index == 0 ? Self.page(cacheControl: "max-age=31536000") : Self.notModified }
        _ = try await harness.products(transport).search(query, policy: .standard)
        harness.clock.advance(by: 24 * 3600 + 1)

        _ = try await harness.products(transport).search(query, policy: .standard)

        #expect(await transport.requests.count == 2)
    }

    @Test("pages belong to their user: another user of the folder gets none of them", arguments: CacheStoreKind.all)
    func perUser(store: CacheStoreKind) async throws {
        let harness = try RepositoryHarness(store: store)
        _ = try await harness.products(SpyTransport(always: Self.page())).search(query, policy: .standard)
        try await harness.sessions.save(Session(accessToken: "a2", refreshToken: "r2", userID: 2))

        await #expect(throws: StoreError.notCached) {
            _ = try await harness.products(SpyTransport(failing: .cannotConnect(reason: "x"))).search(query, policy: .cacheOnly)
        }
    }

    @Test("a request that names the user gets the signed-in user's id, the one the cache keys by; none signed in is notSignedIn", arguments: CacheStoreKind.all)
    func signedInUserID(store: CacheStoreKind) async throws {
        let harness = try RepositoryHarness(store: store)
        let other = try RepositoryHarness()
        let cache = harness.cache
        func client(_ sessions: FakeSessionStore) -> StoreClient {
            StoreClient(chain: other.chain(SpyTransport(always: Self.page())), cache: cache, sessions: sessions, clock: harness.clock, cacheNamespace: "http://test")
        }
        #expect(try await client(FakeSessionStore(Session(accessToken: "b", refreshToken: "b", userID: 2))).signedInUserID() == 2)
        await #expect(throws: StoreError.notSignedIn) { try await client(FakeSessionStore(nil)).signedInUserID() }
    }

    @Test("logout removes that user's pages and profile, and only theirs", arguments: CacheStoreKind.all)
    func logoutPurges(store: CacheStoreKind) async throws {
        let harness = try RepositoryHarness(store: store)
        let other = try RepositoryHarness()
        // User 2's page, in the same cache as user 1's.
        let shared = harness.cache
        let secondUser = FakeSessionStore(Session(accessToken: "b", refreshToken: "b", userID: 2))
        let secondRepository = RemoteProductRepository(client: StoreClient(
            chain: other.chain(SpyTransport(always: Self.page())), cache: shared, sessions: secondUser,
            clock: harness.clock, cacheNamespace: "http://test"
        ))
        _ = try await secondRepository.search(query, policy: .standard)
        _ = try await harness.products(SpyTransport(always: Self.page())).search(query, policy: .standard)
        _ = try await harness.auth(SpyTransport(always: .json(200, Fixtures.me))).currentUser(policy: .standard)

        _ = try await harness.auth(SpyTransport(failing: .cannotConnect(reason: "x"))).logOut()

        #expect(await harness.cache.statistics().entries == 1)
        let survivor = try await secondRepository.search(query, policy: .cacheOnly)
        #expect(survivor.origin == .cache(age: .zero, reason: .offlineRequested))
    }

    /// An address with user info never gets this far: `ClientSettings` refuses it.
    @Test("no cache file name or content holds a token", arguments: CacheStoreKind.all)
    func nothingSecretInFiles(store: CacheStoreKind) async throws {
        let harness = try RepositoryHarness(store: store)
        _ = try await harness.products(SpyTransport(always: Self.page())).search(query, policy: .standard)
        _ = try await harness.auth(SpyTransport(always: .json(200, Fixtures.me))).currentUser(policy: .standard)

        #expect(await harness.cache.statistics().entries == 2, "the page and the user should both be kept")
        // Every file the store keeps, wherever in its folders (none for a store in memory).
        for (path, bytes) in ResponseCacheContract.ownedFiles(of: harness.cache) {
            let name = URL(fileURLWithPath: path).lastPathComponent
            let contents = String(decoding: bytes, as: UTF8.self)
            for secret in ["a1", "r1", "Bearer"] {
                #expect(!name.contains(secret))
                #expect(!contents.contains("\"\(secret)\""), "\(name) holds \(secret)")
            }
        }
    }
}

@Suite("Cache directives from a hostile server", .timeLimit(.minutes(2)))
struct CacheDirectivesTests {
    @Test("only a well-formed, short entity-tag is kept to be sent back", arguments: [
        (#""v1""#, true), (#"W/"v1""#, true), (#""""#, true),
        ("", false), ("v1", false), (#""v1"#, false), ("\"\u{1B}[2J\"", false), (#""a"b""#, false),
        ("\"" + String(repeating: "e", count: 300) + "\"", false), ("\"café\"", false),
    ])
    func entityTags(tag: String, kept: Bool) {
        let directives = CacheDirectives(StubResponse(status: 200, headers: ["ETag": tag]).http.0)
        #expect((directives.etag != nil) == kept, "\(tag.debugDescription)")
    }

    /// RFC 9111 section 4.3.4: a strong tag in the 304 selects the kept answer with that
    /// same strong tag; a weak one, a kept answer it matches by weak comparison; no tag
    /// selects none (every answer this client keeps to revalidate has one).
    @Test("a 304 renews the kept answer only when its tag selects it", arguments: [
        (#""v1""#, #""v1""#, true), (#""v1""#, #"W/"v1""#, true),
        (#"W/"v1""#, #"W/"v1""#, true), (#"W/"v1""#, #""v1""#, false),
        (#""v1""#, #""v2""#, false), (#""v1""#, #"W/"v2""#, false), (#""v1""#, nil, false), (#""v1""#, "v1", false),
    ] as [(String, String?, Bool)])
    func notModifiedSelects(kept: String, sent: String?, renews: Bool) {
        let directives = CacheDirectives(StubResponse(status: 304, headers: ["ETag": sent].compactMapValues { $0 }).http.0)
        #expect(directives.renews(keptETag: kept) == renews, "kept \(kept), 304 with \(String(describing: sent))")
    }

    @Test("malformed or negative max-age is stale; absurd ones are capped at a day", arguments: [
        ("max-age=-5", Duration.zero), ("max-age=banana", .zero), ("max-age", .zero), ("private, max-age=30", .seconds(30)),
        ("max-age=99999999999999999999", .zero), ("max-age=31536000", .seconds(86_400)), ("no-store, max-age=30", .zero),
    ])
    func freshness(header: String, fresh: Duration) {
        #expect(CacheDirectives(StubResponse(status: 200, headers: ["Cache-Control": header]).http.0).freshness == fresh, "\(header)")
    }
}
