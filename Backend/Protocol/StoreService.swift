import Foundation
import Infrastructure

/// The store API of PROTOCOL.md section 1, independent of any HTTP server: a request
/// in, a status and JSON body out, with DummyJSON's shapes, statuses and messages.
struct StoreService: Sendable {
    private let users: UserDirectory
    let tokens: TokenIssuer
    let catalogue: Catalogue
    let carts: any CartRecords
    /// What a write's key is dated by.
    let clock: any WallClock
    private let posts = UserPosts.demo

    init(users: UserDirectory, tokens: TokenIssuer, catalogue: Catalogue, carts: any CartRecords, clock: any WallClock) {
        self.users = users
        self.tokens = tokens
        self.catalogue = catalogue
        self.carts = carts
        self.clock = clock
    }

    /// The answer to `request`; `tokenRead` is its bearer token as the gateway read it
    /// with the request's admission, nil when none was read.
    func respond(to request: StoreRequest, tokenRead: AccessRead? = nil) async -> StoreResponse {
        let path = request.path
        guard let route = StoreRoute(path: path) else {
            return message(404, "Route \(request.method) \(path) not found")
        }
        guard request.method == route.method else {
            // The resource is there; the method is not one it takes (RFC 9110, 15.5.6).
            var response = message(405, "Method \(request.method) is not allowed on \(path)")
            response.headers["Allow"] = route.method
            return response
        }
        switch route {
        case .logIn:
            return await logIn(request)
        case .me:
            return await withUser(request, tokenRead) { user in json(200, user).cacheable(CacheHeaders.perUser) }
        case .refresh:
            return await refresh(request)
        case .revoke:
            return await revoke(request)
        case .search(signedIn: true):
            return await withUser(request, tokenRead) { _ in search(request).cacheable(CacheHeaders.catalogue) }
        case .search(signedIn: false):
            return search(request).cacheable(CacheHeaders.catalogue)
        case .categories:
            return await withUser(request, tokenRead) { _ in categories().cacheable(CacheHeaders.catalogue) }
        case .category(let slug):
            return await withUser(request, tokenRead) { _ in category(slug, request).cacheable(CacheHeaders.catalogue) }
        case .product(let id, signedIn: true):
            return await withUser(request, tokenRead) { _ in product(id).cacheable(CacheHeaders.catalogue) }
        case .product(let id, signedIn: false):
            return product(id).cacheable(CacheHeaders.catalogue)
        case .userPosts(let id):
            return await withUser(request, tokenRead) { user in userPosts(id, of: user, request).cacheable(CacheHeaders.perUser) }
        case .userCarts(let id):
            return await withUser(request, tokenRead) { user in await userCarts(id, of: user).cacheable(CacheHeaders.perUser) }
        case .addToCart:
            return await withUser(request, tokenRead) { user in await addToCart(request, of: user) }
        }
    }

    private func logIn(_ request: StoreRequest) async -> StoreResponse {
        guard let body = try? JSONDecoder().decode(WireBodies.LoginRequest.self, from: Data(request.body)),
              let username = body.username, let password = body.password, !username.isEmpty, !password.isEmpty else {
            return message(400, "Username and password required")
        }
        guard let minutes = Self.lifetime(body.expiresInMins) else {
            return message(400, "expiresInMins must be between 1 and 43200")
        }
        guard let user = users.authenticate(username: username, password: password) else {
            return message(400, "Invalid credentials")
        }
        let grant: TokenIssuer.Grant
        do {
            grant = try await tokens.grant(userID: user.id, minutes: minutes)
        } catch {
            return Self.notGranted(error)
        }
        return json(200, WireBodies.LoginResponse(user: user, accessToken: grant.accessToken, refreshToken: grant.refreshToken))
    }

    private func refresh(_ request: StoreRequest) async -> StoreResponse {
        guard let body = try? JSONDecoder().decode(WireBodies.RefreshRequest.self, from: Data(request.body)),
              let refreshToken = body.refreshToken, !refreshToken.isEmpty else {
            return message(401, "Refresh token required")
        }
        guard let minutes = Self.lifetime(body.expiresInMins) else {
            return message(400, "expiresInMins must be between 1 and 43200")
        }
        let refreshed: TokenIssuer.Refreshed
        do {
            refreshed = try await tokens.refresh(refreshToken, minutes: minutes)
        } catch {
            return Self.notGranted(error)
        }
        switch refreshed {
        case .granted(let grant):
            return json(200, WireBodies.Tokens(accessToken: grant.accessToken, refreshToken: grant.refreshToken))
        case .reused:
            return message(403, "This refresh token was used before, so a copy of it is in other hands: every token of its sign-in is ended")
        case .unknown:
            return message(403, "Invalid or expired refresh token")
        }
    }

    /// RFC 7009: ends the family of the token the form names, access or refresh. 200
    /// whether or not it was one of ours (section 2.2), so the answer tells a caller
    /// nothing about a token it does not hold.
    private func revoke(_ request: StoreRequest) async -> StoreResponse {
        guard let token = request.form["token"], !token.isEmpty else {
            return message(400, "token required")
        }
        do {
            try await tokens.revoke(token)
        } catch {
            return Self.storeUnavailable
        }
        return json(200, WireBodies.Revoked())
    }

    /// Runs `handler` for the bearer of a valid access token, or answers 401.
    private func withUser(
        _ request: StoreRequest, _ tokenRead: AccessRead?, _ handler: (StoreUser) async -> StoreResponse
    ) async -> StoreResponse {
        guard let token = request.bearerToken else {
            return message(401, "Access Token is required")
        }
        switch await tokens.check(accessToken: token, read: tokenRead) {
        case .valid(let userID):
            guard let user = users.user(id: userID) else { return message(401, "Invalid/expired Token!") }
            return await handler(user)
        case .expired:
            return message(401, "Token Expired!")
        case .unknown:
            return message(401, "Invalid/expired Token!")
        case .unavailable:
            return Self.storeUnavailable
        }
    }

    /// The store could not be asked: neither a yes nor a no, so the client may try again
    /// (and a kept answer may stand in); never a 401, which would end the session.
    static var storeUnavailable: StoreResponse {
        var response = message(503, "The store cannot be reached right now; try again shortly")
        response.headers["Retry-After"] = "30"
        return response
    }

    private static func notGranted(_ failure: TokenIssuer.GrantFailure) -> StoreResponse {
        switch failure {
        case .noRandomness: message(500, "Could not issue tokens")
        case .notKept: storeUnavailable
        }
    }

    private func search(_ request: StoreRequest) -> StoreResponse {
        page(request) { limit, skip in productPage(catalogue.search(request.query["q"] ?? "", limit: limit, skip: skip), skip: skip) }
    }

    private func categories() -> StoreResponse {
        json(200, catalogue.categories().map { category in
            WireBodies.Category(slug: category.slug, name: category.name, url: "/auth/products/category/\(category.slug)")
        })
    }

    /// The search answer's shape, for one category's products.
    private func category(_ slug: String, _ request: StoreRequest) -> StoreResponse {
        page(request) { limit, skip in productPage(catalogue.products(inCategory: slug, limit: limit, skip: skip), skip: skip) }
    }

    /// A user's posts, only ever to that user: another user's id is refused (403),
    /// never answered with their posts (DummyJSON answers anyone's; PROTOCOL.md says why
    /// this backend does not).
    private func userPosts(_ identifier: String, of user: StoreUser, _ request: StoreRequest) -> StoreResponse {
        guard Int(identifier) == user.id else {
            return message(403, "You can read only your own posts")
        }
        return page(request) { limit, skip in
            let (total, found) = posts.posts(ofUser: user.id, limit: limit, skip: skip)
            return json(200, WireBodies.PostPage(posts: found, total: total, skip: skip, limit: found.count))
        }
    }

    /// The search answer: the products with `total`, `skip` and `limit` (how many came
    /// back, as DummyJSON says it).
    private func productPage(_ found: (total: Int, products: [CatalogueProduct]), skip: Int) -> StoreResponse {
        json(200, WireBodies.SearchResponse(products: found.products, total: found.total, skip: skip, limit: found.products.count))
    }

    /// A paged answer (searches, categories, posts): `limit` and `skip` read from the
    /// query (400 when malformed) and handed to `answer`.
    private func page(_ request: StoreRequest, _ answer: (_ limit: Int, _ skip: Int) -> StoreResponse) -> StoreResponse {
        let query = request.query
        guard let limit = Self.count(query["limit"], default: 30) else { return message(400, "Invalid 'limit' parameter") }
        guard let skip = Self.count(query["skip"], default: 0) else { return message(400, "Invalid 'skip' parameter") }
        // DummyJSON reads limit 0 as "all"; a cap keeps one request from asking for a million.
        return answer(limit == 0 ? Self.maximumLimit : min(limit, Self.maximumLimit), skip)
    }

    private func product(_ identifier: String) -> StoreResponse {
        guard let id = Int(identifier), let product = catalogue.product(id: id) else {
            return message(404, "Product with id '\(identifier)' not found")
        }
        return json(200, product)
    }

    static let maximumLimit = 1_000

    /// A non-negative whole number, the default when absent, nil when malformed.
    private static func count(_ text: String?, default value: Int) -> Int? {
        guard let text else { return value }
        guard let number = Int(text), number >= 0 else { return nil }
        return number
    }

    /// Minutes of access-token life: 60 by default, 1 to 43,200 when given; nil when
    /// what was given is not such a number.
    private static func lifetime(_ requested: WireBodies.RequestedLifetime) -> Int? {
        switch requested {
        case .unspecified: 60
        case .minutes(let minutes): (1...43_200).contains(minutes) ? minutes : nil
        case .malformed: nil
        }
    }
}

/// A JSON response; encoding our own value types cannot fail, but if it did the
/// client gets a 500 with a message rather than a crash.
func json(_ status: Int, _ body: some Encodable) -> StoreResponse {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    guard let data = try? encoder.encode(body) else {
        return StoreResponse(status: 500, body: Array(#"{"message":"Could not encode the response"}"#.utf8))
    }
    return StoreResponse(status: status, body: [UInt8](data))
}

/// `{"message": text}`, the body of every error.
func message(_ status: Int, _ text: String) -> StoreResponse {
    json(status, WireBodies.Message(message: text))
}
