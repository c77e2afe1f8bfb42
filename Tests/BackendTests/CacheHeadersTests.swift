@testable import Backend
import Foundation
import Infrastructure
import TestSupport
import Testing

/// PROTOCOL.md's caching headers on the reference backend: what it marks, and when it
/// answers 304.
@Suite("Backend caching headers", .timeLimit(.minutes(2)))
struct CacheHeadersTests {
    let store: SignedInService

    init() async throws {
        store = try await SignedInService()
    }

    private func get(_ target: String, ifNoneMatch: String? = nil) async -> StoreResponse {
        let request = StoreRequest(
            method: "GET", target: target,
            headers: ["Authorization": "Bearer \(store.token)"].merging(ifNoneMatch.map { ["If-None-Match": $0] } ?? [:]) { _, new in new },
            body: []
        )
        return await store.service.respond(to: request).answering(conditional: request)
    }

    @Test("searches and products: private, max-age=30 and a strong ETag; /auth/me: private, no-cache")
    func marks() async throws {
        let search = await get("/auth/products/search?q=phone")
        let product = await get("/auth/products/1")
        let me = await get("/auth/me")

        #expect(search.headers["Cache-Control"] == "private, max-age=30")
        #expect(product.headers["Cache-Control"] == "private, max-age=30")
        #expect(me.headers["Cache-Control"] == "private, no-cache")
        for response in [search, product, me] {
            let tag = try #require(response.headers["ETag"])
            #expect(tag.hasPrefix("\"") && tag.hasSuffix("\"") && !tag.hasPrefix("W/"))
        }
        #expect(search.headers["ETag"] != product.headers["ETag"])
    }

    @Test("/auth/me is each user's own: another user's token gets their profile, with another ETag")
    func perUser() async throws {
        let michael = try await store.signIn(as: "michaelw", password: "michaelwpass")
        let hers = await store.get("/auth/me")
        let his = await store.get("/auth/me", token: michael)

        let herName = (try JSONSerialization.jsonObject(with: Data(hers.body)) as? [String: Any])?["username"] as? String
        let hisName = (try JSONSerialization.jsonObject(with: Data(his.body)) as? [String: Any])?["username"] as? String
        #expect(herName == "emilys" && hisName == "michaelw")
        #expect(hers.headers["ETag"] != nil && hers.headers["ETag"] != his.headers["ETag"])
    }

    @Test("errors carry no caching headers")
    func errorsUnmarked() async {
        let missing = await get("/auth/products/999999")
        #expect(missing.status == 404)
        #expect(missing.headers["ETag"] == nil && missing.headers["Cache-Control"] == nil)
    }

    @Test("If-None-Match with the tag (strong, weak, in a list, or *) answers 304 with no body; another tag, 200")
    func conditional() async throws {
        let tag = try #require(await get("/auth/products/search?q=phone").headers["ETag"])

        for condition in [tag, "W/\(tag)", #""other", \#(tag)"#, "*"] {
            let answer = await get("/auth/products/search?q=phone", ifNoneMatch: condition)
            #expect(answer.status == 304, "\(condition)")
            #expect(answer.body.isEmpty)
            #expect(answer.headers["ETag"] == tag)
        }
        #expect(await get("/auth/products/search?q=phone", ifNoneMatch: #""stale""#).status == 200)
        #expect(await get("/auth/products/search?q=laptop", ifNoneMatch: tag).status == 200)
    }
}
