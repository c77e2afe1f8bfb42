@testable import Backend
import Foundation
import Infrastructure
import TestSupport

/// A store service over the demo users and a 300-product catalogue, with one of them
/// signed in (emilys unless told another): what tests of the authenticated endpoints
/// start from. A resource of one user is tested with two: `signIn(as:password:)` gives
/// another demo user's token on the same service.
struct SignedInService {
    let service: StoreService
    /// The signed-in user's access token.
    let token: String

    init(as username: String = "emilys", password: String = "emilyspass") async throws {
        let store = FakeBackendStore()
        let clock = FakeWallClock()
        service = StoreService(
            users: try UserDirectory.demo(),
            tokens: TokenIssuer(records: store, clock: clock, maximumAccessLifetime: nil),
            catalogue: Catalogue(seed: 2026, count: 300), carts: store, clock: clock
        )
        token = try await Self.signIn(to: service, as: username, password: password)
    }

    /// Another demo user's access token on the same service (`michaelw`, `michaelwpass`).
    func signIn(as username: String, password: String) async throws -> String {
        try await Self.signIn(to: service, as: username, password: password)
    }

    private static func signIn(to service: StoreService, as username: String, password: String) async throws -> String {
        let credentials = try JSONSerialization.data(withJSONObject: ["username": username, "password": password])
        let login = await service.respond(to: StoreRequest(method: "POST", target: "/auth/login", headers: [:], body: Array(credentials)))
        let body = try JSONSerialization.jsonObject(with: Data(login.body)) as? [String: Any]
        guard let token = body?["accessToken"] as? String else { throw SetUpFailure() }
        return token
    }

    /// GET `target`, with the signed-in user's token (or `token`), or none when `signedIn` is false.
    func get(_ target: String, signedIn: Bool = true, token: String? = nil) async -> StoreResponse {
        let headers = signedIn ? ["Authorization": "Bearer \(token ?? self.token)"] : [:]
        return await service.respond(to: StoreRequest(method: "GET", target: target, headers: headers, body: []))
    }

    struct SetUpFailure: Error {}
}
