import Domain

/// A user as `/auth/login` and `/auth/me` send it. DummyJSON's `/auth/me` adds much
/// more (address, bank, company…); unknown fields are ignored by `Decodable`.
struct UserDTO: Codable, Sendable {
    let id: Int
    let username: String
    let email: String?
    let firstName: String?
    let lastName: String?
    let image: String?

    func toDomain() throws(StoreError) -> User {
        do {
            return try User(
                id: UserID(id),
                username: username,
                email: email ?? "",
                firstName: firstName ?? "",
                lastName: lastName ?? "",
                imageURL: image ?? ""
            )
        } catch {
            throw .unusableResponse(Diagnostic("user: \(error)"))
        }
    }
}

extension UserDTO {
    /// `user` as the store sends it, for an answer kept in its place.
    init(_ user: User) {
        self.init(id: user.id.rawValue, username: user.username, email: user.email, firstName: user.firstName, lastName: user.lastName, image: user.imageURL)
    }
}
