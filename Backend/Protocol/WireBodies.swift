/// The JSON bodies of PROTOCOL.md, as the backend reads and writes them.
enum WireBodies {
    struct LoginRequest: Decodable {
        let username: String?
        let password: String?
        let expiresInMins: Int?
    }

    struct RefreshRequest: Decodable {
        let refreshToken: String?
        let expiresInMins: Int?
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

    struct Category: Encodable {
        let slug: String
        let name: String
        let url: String
    }

    struct Message: Encodable {
        let message: String
    }
}
