@testable import Backend
import Foundation
import Infrastructure
import TestSupport
import Testing

@Suite("Backend cart endpoints", .timeLimit(.minutes(2)))
struct CartEndpointTests {
    let store: SignedInService

    init() async throws {
        store = try await SignedInService()
    }

    static let addTwo = #"{"userId":1,"products":[{"id":2,"quantity":3},{"id":1,"quantity":1}]}"#

    private func add(_ body: String, key: String? = #""k1""#, token: String? = nil) async -> StoreResponse {
        var headers = ["Authorization": "Bearer \(token ?? store.token)"]
        headers["Idempotency-Key"] = key
        return await store.service.respond(to: StoreRequest(method: "POST", target: "/auth/carts/add", headers: headers, body: Array(body.utf8)))
    }

    private func json(_ response: StoreResponse) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any])
    }

    @Test("a cart starts empty; an add answers 201 with the cart that results, priced, and the cart reads it back, kept but asked about")
    func addsAndReads() async throws {
        let empty = await store.get("/auth/carts/user/1")
        #expect(empty.status == 200)
        #expect(String(decoding: empty.body, as: UTF8.self) == #"{"carts":[],"limit":0,"skip":0,"total":0}"#)

        let added = await add(Self.addTwo)
        #expect(added.status == 201)
        let cart = try json(added)
        let lines = try #require(cart["products"] as? [[String: Any]])
        #expect(lines.map { $0["id"] as? Int } == [1, 2])
        #expect(lines.map { $0["quantity"] as? Int } == [1, 3])
        #expect(lines.map { $0["total"] as? Double } == [1_388.95, 8_693.85])
        #expect(lines.map { $0["discountedTotal"] as? Double } == [1_249.22, 7_703.62])
        #expect((cart["id"] as? Int, cart["userId"] as? Int, cart["totalProducts"] as? Int, cart["totalQuantity"] as? Int) == (1, 1, 2, 4))
        #expect((cart["total"] as? Double, cart["discountedTotal"] as? Double) == (10_082.8, 8_952.84), "the lines' sums")
        #expect(added.headers["Cache-Control"] == nil, "a write's answer is never kept")

        let read = await store.get("/auth/carts/user/1")
        let list = try json(read)
        #expect(read.status == 200 && read.headers["Cache-Control"] == "private, no-cache")
        #expect((list["total"] as? Int, list["skip"] as? Int, list["limit"] as? Int) == (1, 0, 1))
        let kept = try #require((list["carts"] as? [[String: Any]])?.first)
        #expect(try JSONSerialization.data(withJSONObject: kept, options: .sortedKeys) == JSONSerialization.data(withJSONObject: cart, options: .sortedKeys))
    }

    @Test("the same key with the same request is answered the same 201, adding nothing; with another request, 422 and nothing added")
    func sameKey() async throws {
        let first = await add(Self.addTwo)
        let again = await add(Self.addTwo)
        #expect(first.status == 201 && again.status == 201)
        #expect(again.body == first.body)
        let other = await add(#"{"userId":1,"products":[{"id":5,"quantity":1}]}"#)
        #expect(other.status == 422)
        #expect(try json(other)["message"] as? String == "This Idempotency-Key came with another request; a new write needs a new key")
        let next = await add(#"{"userId":1,"products":[{"id":2,"quantity":1}]}"#, key: #""k2""#)
        let lines = try #require(try json(next)["products"] as? [[String: Any]])
        #expect(lines.map { $0["quantity"] as? Int } == [1, 4], "the first write once, and the new key's")
    }

    @Test("numbers may be written with a fraction of zero, as everywhere in the protocol")
    func wholeNumbersWithAFraction() async throws {
        let added = await add(#"{"userId":1.0,"products":[{"id":2.0,"quantity":3.0}]}"#)
        #expect(added.status == 201)
        #expect(try json(added)["totalQuantity"] as? Int == 3)
    }

    @Test("a write without a key, with a malformed one, with a body out of bounds, for someone else or an unknown product is refused, and adds nothing", arguments: [
        (#""k1""#, #"{"userId":1,"products":[{"id":2,"quantity":0}]}"#, 400),
        (#""k1""#, #"{"userId":1,"products":[{"id":2,"quantity":1001}]}"#, 400),
        (#""k1""#, #"{"userId":1,"products":[]}"#, 400),
        (#""k1""#, #"{"products":[{"id":2,"quantity":1}]}"#, 400),
        (#""k1""#, "not json", 400),
        (#""k1""#, #"{"userId":2,"products":[{"id":2,"quantity":1}]}"#, 403),
        (#""k1""#, #"{"userId":1,"products":[{"id":2,"quantity":1},{"id":301,"quantity":1}]}"#, 404),
        (nil, addTwo, 400),
        ("k1", addTwo, 400),
        (#""""#, addTwo, 400),
        ("\"" + String(repeating: "k", count: 256) + "\"", addTwo, 400),
    ] as [(String?, String, Int)])
    func refused(key: String?, body: String, status: Int) async throws {
        let response = await add(body, key: key)
        #expect(response.status == status)
        #expect(try json(response)["message"] is String)
        #expect(String(decoding: await store.get("/auth/carts/user/1").body, as: UTF8.self) == #"{"carts":[],"limit":0,"skip":0,"total":0}"#)
    }

    @Test("signed out is 401; another user's cart is 403; a GET of the add is 405")
    func others() async throws {
        #expect(await store.get("/auth/carts/user/1", signedIn: false).status == 401)
        let michael = try await store.signIn(as: "michaelw", password: "michaelwpass")
        #expect(await store.get("/auth/carts/user/1", token: michael).status == 403)
        #expect(await store.get("/auth/carts/user/me").status == 403)
        #expect(await add(Self.addTwo, token: michael).status == 403)
        let wrongMethod = await store.get("/auth/carts/add")
        #expect(wrongMethod.status == 405 && wrongMethod.headers["Allow"] == "POST")
    }
}
