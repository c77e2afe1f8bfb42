import Domain

/// The body of `POST /auth/login`.
struct LoginRequestDTO: Encodable, Sendable {
    let username: String
    let password: String
    /// The access token's lifetime in minutes (1 to 43,200); the server's default when nil.
    let expiresInMins: Int?
}

/// The answer to a login: the user's fields and the two tokens, side by side in one object.
struct LoginResponseDTO: Decodable, Sendable {
    let user: UserDTO
    let accessToken: String
    let refreshToken: String

    private enum CodingKeys: String, CodingKey {
        case accessToken, refreshToken
    }

    init(from decoder: any Decoder) throws {
        // The user fields sit at the top level next to the tokens, so the same decoder
        // is read twice: once as a user, once for the tokens.
        user = try UserDTO(from: decoder)
        let container = try decoder.container(keyedBy: CodingKeys.self)
        accessToken = try container.decode(String.self, forKey: .accessToken)
        refreshToken = try container.decode(String.self, forKey: .refreshToken)
    }

    /// The user, and the session to keep. Tokens the client could not send back as
    /// they came make the answer unusable, so a bad login never replaces a good session.
    func toDomain() throws(StoreError) -> SignedIn {
        let user = try user.toDomain()
        guard let session = Session(checkingAccessToken: accessToken, refreshToken: refreshToken, userID: self.user.id) else {
            throw .unusableResponse(Diagnostic("login: \(Session.tokenRule)"))
        }
        return SignedIn(user: user, session: session)
    }
}
