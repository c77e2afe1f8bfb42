@testable import Backend
import Foundation
import Infrastructure
import TestSupport

/// A store service over the demo users and a 300-product catalogue, with emilys
/// signed in: what tests of the authenticated endpoints start from.
struct SignedInService {
    let service: StoreService
    /// emilys's access token.
    let token: String

    init() async throws {
        service = StoreService(
            users: try UserDirectory.demo(),
            tokens: TokenIssuer(clock: FakeWallClock(), maximumAccessLifetime: nil),
            catalogue: Catalogue(seed: 2026, count: 300)
        )
        let login = await service.respond(to: StoreRequest(
            method: "POST", target: "/auth/login", headers: [:], body: Array(#"{"username":"emilys","password":"emilyspass"}"#.utf8)
        ))
        let body = try JSONSerialization.jsonObject(with: Data(login.body)) as? [String: Any]
        guard let token = body?["accessToken"] as? String else { throw SetUpFailure() }
        self.token = token
    }

    /// GET `target`, with emilys's token unless `signedIn` is false.
    func get(_ target: String, signedIn: Bool = true) async -> StoreResponse {
        let headers = signedIn ? ["Authorization": "Bearer \(token)"] : [:]
        return await service.respond(to: StoreRequest(method: "GET", target: target, headers: headers, body: []))
    }

    struct SetUpFailure: Error {}
}
