import Domain

/// The body of `POST /auth/refresh`.
struct RefreshRequestDTO: Encodable, Sendable {
    let refreshToken: String
    let expiresInMins: Int?
}

/// The answer to a refresh: a new access token and a rotated refresh token.
struct RefreshResponseDTO: Decodable, Sendable {
    let accessToken: String
    let refreshToken: String

    /// `current` with the new tokens. Tokens the client could not send back as they
    /// came make the answer unusable, so a bad refresh never replaces a good session.
    func toDomain(renewing current: Session) throws(StoreError) -> Session {
        guard let renewed = Session(checkingAccessToken: accessToken, refreshToken: refreshToken, userID: current.userID) else {
            throw .unusableResponse(Diagnostic("refresh: \(Session.tokenRule)"))
        }
        return renewed
    }
}
