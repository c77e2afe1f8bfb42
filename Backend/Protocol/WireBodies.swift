/// The JSON bodies of PROTOCOL.md, as the backend reads and writes them.
enum WireBodies {
    struct LoginRequest: Decodable {
        let username: String?
        let password: String?
        let expiresInMins: RequestedLifetime

        private enum CodingKeys: String, CodingKey {
            case username, password, expiresInMins
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            username = try? container.decodeIfPresent(String.self, forKey: .username)
            password = try? container.decodeIfPresent(String.self, forKey: .password)
            expiresInMins = RequestedLifetime(container, .expiresInMins)
        }
    }

    struct RefreshRequest: Decodable {
        let refreshToken: String?
        let expiresInMins: RequestedLifetime

        private enum CodingKeys: String, CodingKey {
            case refreshToken, expiresInMins
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            refreshToken = try? container.decodeIfPresent(String.self, forKey: .refreshToken)
            expiresInMins = RequestedLifetime(container, .expiresInMins)
        }
    }

    /// `expiresInMins` as a request gives it: left out (the default), a whole number, or
    /// something else (`null`, text, a fraction), which is refused rather than read as
    /// left out, so a client's mistake is answered, not silently replaced.
    enum RequestedLifetime {
        case unspecified
        case minutes(Int)
        case malformed

        init<Key: CodingKey>(_ container: KeyedDecodingContainer<Key>, _ key: Key) {
            if !container.contains(key) {
                self = .unspecified
            } else if let minutes = try? container.decode(Int.self, forKey: key) {
                self = .minutes(minutes)
            } else {
                self = .malformed
            }
        }
    }

    struct LoginResponse: Encodable {
        let user: StoreUser
        let accessToken: String
        let refreshToken: String

        private enum CodingKeys: String, CodingKey {
            case accessToken, refreshToken
        }

        /// The user's fields and the tokens side by side in one object, as DummyJSON sends them.
        func encode(to encoder: any Encoder) throws {
            try user.encode(to: encoder)
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(accessToken, forKey: .accessToken)
            try container.encode(refreshToken, forKey: .refreshToken)
        }
    }

    struct Tokens: Encodable {
        let accessToken: String
        let refreshToken: String
    }

    struct SearchResponse: Encodable {
        let products: [CatalogueProduct]
        let total: Int
        let skip: Int
        let limit: Int
    }

    struct PostPage: Encodable {
        let posts: [StorePost]
        let total: Int
        let skip: Int
        let limit: Int
    }

    struct Category: Encodable {
        let slug: String
        let name: String
        let url: String
    }

    struct Message: Encodable {
        let message: String
    }

    /// A revocation's answer: an empty object, whose content a client ignores (RFC 7009
    /// section 2.2).
    struct Revoked: Encodable {}
}
