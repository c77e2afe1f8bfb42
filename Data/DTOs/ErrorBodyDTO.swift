/// Every error body of the store API: `{"message": "..."}`.
struct ErrorBodyDTO: Decodable, Sendable {
    let message: String
}
