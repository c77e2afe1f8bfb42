@testable import Backend
import Foundation
import Infrastructure
import TestSupport
import Testing

@Suite("Backend posts endpoint", .timeLimit(.minutes(2)))
struct PostEndpointTests {
    let store: SignedInService

    init() async throws {
        store = try await SignedInService()
    }

    private func page(_ target: String, token: String? = nil) async throws -> (status: Int, page: [String: Any], headers: [String: String]) {
        let response = await store.get(target, token: token)
        return (response.status, try #require(try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any]), response.headers)
    }

    @Test("a user's own posts: DummyJSON's shape, in id order, paged with total, skip and limit, kept but asked about")
    func own() async throws {
        let (status, page, headers) = try await page("/auth/posts/user/1?limit=5&skip=5")
        let posts = try #require(page["posts"] as? [[String: Any]])

        #expect(status == 200)
        #expect(posts.map { $0["id"] as? Int } == [9, 11, 12, 14, 15])
        #expect((page["total"] as? Int, page["skip"] as? Int, page["limit"] as? Int) == (11, 5, 5))
        #expect(posts.allSatisfy { $0["userId"] as? Int == 1 })
        let reactions = try #require(posts.first?["reactions"] as? [String: Int])
        #expect(reactions.keys.sorted() == ["dislikes", "likes"])
        #expect(headers["Cache-Control"] == "private, no-cache" && headers["ETag"] != nil)
    }

    @Test("another user's id, or one that is no number, is 403 with a message, never their posts")
    func others() async throws {
        let michael = try await store.signIn(as: "michaelw", password: "michaelwpass")
        for (target, token) in [("/auth/posts/user/1", michael), ("/auth/posts/user/2", store.token), ("/auth/posts/user/me", store.token)] {
            let (status, body, _) = try await page(target, token: token)
            #expect(status == 403, "\(target)")
            #expect(body["message"] as? String == "You can read only your own posts")
            #expect(body["posts"] == nil)
        }
        #expect(try await page("/auth/posts/user/2", token: michael).status == 200)
    }

    @Test("signed out is 401; a user with no posts, or a page past the end, is an empty page")
    func emptyAndSignedOut() async throws {
        #expect(await store.get("/auth/posts/user/1", signedIn: false).status == 401)
        let sophia = try await store.signIn(as: "sophiab", password: "sophiabpass")
        let none = try await page("/auth/posts/user/3", token: sophia).page
        #expect((none["posts"] as? [Any])?.isEmpty == true && none["total"] as? Int == 0)
        let past = try await page("/auth/posts/user/1?skip=50").page
        #expect((past["posts"] as? [Any])?.isEmpty == true && past["total"] as? Int == 11)
        #expect(try await page("/auth/posts/user/1?limit=x").status == 400)
    }
}
