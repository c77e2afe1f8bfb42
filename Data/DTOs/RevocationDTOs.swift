/// A wire type whose answer is its status alone: `StoreEndpoints.Call` reads no body for it.
protocol StatusOnlyAnswer: Decodable {
    init()
}

/// The answer to `POST /auth/revoke`: a 200 says the session is ended, and its body is
/// for no one to read (RFC 7009 section 2.2).
struct RevocationAnswerDTO: StatusOnlyAnswer {}
