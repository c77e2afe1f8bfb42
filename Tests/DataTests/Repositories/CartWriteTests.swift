@testable import Data
import Domain
import Foundation
import TestSupport
import Testing

/// `RemoteCartRepository.add` over a scripted transport: the write is sent once, its
/// key kept only when its outcome is unknown, and the same write run again sends it.
@Suite("A cart's write: sent once, its key kept for an unknown outcome", .timeLimit(.minutes(1)))
struct CartWriteTests {
    static let added = Fixtures.recorded("addToCart.json")

    /// A repository over `transport`, its kept keys in the harness's folder.
    static func repository(_ harness: RepositoryHarness, _ transport: SpyTransport) -> RemoteCartRepository {
        RemoteCartRepository(client: harness.client(transport), pendingWrites: PendingWriteKeys(directory: harness.temporary.file("writes"), clock: harness.clock))
    }

    /// The keys the requests carried, in order.
    static func keys(_ transport: SpyTransport) async -> [String?] {
        await transport.requests.map { $0.header("Idempotency-Key") }
    }

    /// What `body` threw, nil when it returned.
    static func failure(_ body: () async throws(StoreError) -> Void) async -> StoreError? {
        do {
            try await body()
            return nil
        } catch {
            return error
        }
    }

    static func keptFiles(_ harness: RepositoryHarness) -> [String] {
        (try? FileManager.default.contentsOfDirectory(atPath: harness.temporary.file("writes"))) ?? []
    }

    @Test("done: one POST with the user and a quoted key, the cart it answered, and no key kept")
    func done() async throws {
        let harness = try RepositoryHarness()
        let transport = SpyTransport(always: .json(201, Self.added))
        let cart = try await Self.repository(harness, transport).add(ProductID(144), quantity: Quantity(4))
        #expect(cart.quantity == 4)
        #expect(await transport.requests.map(\.target) == ["/auth/carts/add"])
        let key = try #require(await Self.keys(transport).first ?? nil)
        #expect(key.count == 38 && key.hasPrefix("\"") && key.hasSuffix("\""))
        #expect(Self.keptFiles(harness).isEmpty)
    }

    @Test(
        "no answer, a cut, a 5xx, a relay's unsealed 502: sent once, outcome-unknown with the key kept; run again, the same key, then forgotten",
        arguments: [
            Result<StubResponse, TransportError>.failure(.unreachable(reason: "reset after the request went out")),
            .failure(.deadlineExceeded(.seconds(15))),
            .success(.json(500, #"{"message":"boom"}"#)),
            .success(.json(503, #"{"message":"busy"}"#)),
            .success(.json(502, "")),
        ]
    )
    func unknown(first: Result<StubResponse, TransportError>) async throws {
        let harness = try RepositoryHarness()
        let transport = SpyTransport { _, index throws(TransportError) in
            guard index > 0 else { return try first.get() }
            return .json(201, Self.added)
        }
        let repository = Self.repository(harness, transport)
        let (product, quantity) = (try ProductID(144), try Quantity(4))
        let failure = await Self.failure { () async throws(StoreError) in _ = try await repository.add(product, quantity: quantity) }
        guard case .outcomeUnknown(_, keyKept: true) = failure else {
            Issue.record("\(String(describing: failure))")
            return
        }
        #expect(await transport.requests.count == 1, "a write is never retried")
        #expect(Self.keptFiles(harness).count == 1)

        _ = try await repository.add(ProductID(144), quantity: Quantity(4))
        let keys = await Self.keys(transport)
        #expect(keys.count == 2 && keys[0] == keys[1], "the same key, sent again")
        #expect(Self.keptFiles(harness).isEmpty, "known now: forgotten")
    }

    @Test("another write, or the same an hour after its first send, gets a new key")
    func newKeys() async throws {
        let harness = try RepositoryHarness()
        let transport = SpyTransport { _, index throws(TransportError) in
            guard index > 0 else { throw .unreachable(reason: "reset") }
            return .json(201, Self.added)
        }
        let repository = Self.repository(harness, transport)
        _ = try? await repository.add(ProductID(144), quantity: Quantity(4))
        _ = try await repository.add(ProductID(144), quantity: Quantity(5))
        harness.clock.advance(by: PendingWriteKeys.lifetime)
        _ = try? await Self.repository(harness, SpyTransport(failing: .unreachable(reason: "x"))).add(ProductID(7), quantity: Quantity(1))
        let keys = await Self.keys(transport)
        #expect(keys.count == 2 && keys[0] != keys[1], "another quantity is another write")
        #expect(Self.keptFiles(harness).count == 1, "the third write's key; the first's, past its hour, went as it was kept")
        let late = SpyTransport(always: .json(201, Self.added))
        _ = try await Self.repository(harness, late).add(ProductID(144), quantity: Quantity(4))
        #expect(await Self.keys(late).first != keys[0], "an hour after its first send, a key is not sent again")
    }

    @Test("a key that cannot be kept: outcome-unknown all the same, saying it may be done twice")
    func keyNotKept() async throws {
        let harness = try RepositoryHarness()
        // A file where the folder of keys should be.
        try #require(FileManager.default.createFile(atPath: harness.temporary.file("writes"), contents: Data()))
        let repository = Self.repository(harness, SpyTransport(failing: .unreachable(reason: "reset")))
        let (product, quantity) = (try ProductID(144), try Quantity(4))
        let failure = await Self.failure { () async throws(StoreError) in _ = try await repository.add(product, quantity: quantity) }
        guard case .outcomeUnknown(_, keyKept: false) = failure else {
            Issue.record("\(String(describing: failure))")
            return
        }
    }

    @Test("refused by the store (a 4xx), or not sent at all: said as that, and no key kept", arguments: [
        (Result<StubResponse, TransportError>.success(.json(404, #"{"message":"Product with id '144' not found"}"#)), StoreError.notFound),
        (.success(.json(429, #"{"message":"slow down"}"#)), .rateLimited(retryAfter: nil)),
        (.failure(.cannotConnect(reason: "connection refused")), .notSent(Diagnostic("connection refused"))),
    ])
    func refusedOrNotSent(first: Result<StubResponse, TransportError>, error: StoreError) async throws {
        let harness = try RepositoryHarness()
        let transport = SpyTransport { _, _ throws(TransportError) in try first.get() }
        await #expect(throws: error) { _ = try await Self.repository(harness, transport).add(ProductID(144), quantity: Quantity(4)) }
        #expect(await transport.requests.count == 1)
        #expect(Self.keptFiles(harness).isEmpty)
    }

    @Test("a 401: the session renewed, the write sent once more with the same key, as the store refused it")
    func reauthenticated() async throws {
        let harness = try RepositoryHarness()
        let transport = SpyTransport { request, _ throws(TransportError) in
            switch (request.path, request.header("Authorization")) {
            case ("/auth/refresh", _): .json(200, #"{"accessToken":"a2","refreshToken":"r2"}"#)
            case (_, "Bearer a1"): .json(401, #"{"message":"Token Expired!"}"#)
            default: .json(201, Self.added)
            }
        }
        _ = try await Self.repository(harness, transport).add(ProductID(144), quantity: Quantity(4))
        #expect(await transport.requests.map(\.path) == ["/auth/carts/add", "/auth/refresh", "/auth/carts/add"])
        let keys = await Self.keys(transport)
        #expect(keys[0] == keys[2])
    }

    @Test("signed out: notSignedIn, and nothing sent")
    func signedOut() async throws {
        let harness = try RepositoryHarness(session: nil)
        let transport = SpyTransport(always: .json(201, Self.added))
        await #expect(throws: StoreError.notSignedIn) { _ = try await Self.repository(harness, transport).add(ProductID(144), quantity: Quantity(4)) }
        #expect(await transport.requests.isEmpty)
    }

    @Test("a write drops the kept cart, done or perhaps done; a refused one keeps it")
    func dropsTheKeptCart() async throws {
        for (answer, dropped) in [(StubResponse.json(201, Self.added), true), (.json(500, "{}"), true), (.json(404, "{}"), false)] {
            let harness = try RepositoryHarness()
            let transport = SpyTransport { request, _ throws(TransportError) in
                request.method == .get ? .json(200, Fixtures.recorded("userCarts.json")) : answer
            }
            let repository = Self.repository(harness, transport)
            _ = try await repository.cart(policy: .standard)
            _ = try? await repository.add(ProductID(144), quantity: Quantity(4))
            let kept = try? await repository.cart(policy: .cacheOnly)
            #expect((kept == nil) == dropped, "\(answer.status)")
        }
    }
}
