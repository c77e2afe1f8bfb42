/// A signed-in person, as the store knows them.
public struct User: Equatable, Sendable {
    public let id: UserID
    public let username: String
    public let email: String
    public let firstName: String
    public let lastName: String
    /// The avatar's address, kept as text: Domain does not import Foundation's `URL`.
    public let imageURL: String

    /// Fails when the username is blank: a user without one cannot be shown or signed in.
    public init(
        id: UserID,
        username: String,
        email: String,
        firstName: String,
        lastName: String,
        imageURL: String
    ) throws(InvalidInput) {
        guard !username.trimmingWhitespace().isEmpty else {
            throw InvalidInput(field: "username", reason: "must not be empty")
        }
        self.id = id
        self.username = username
        self.email = email
        self.firstName = firstName
        self.lastName = lastName
        self.imageURL = imageURL
    }

    /// "First Last", or the username when the server sent no name.
    public var displayName: String {
        let name = "\(firstName) \(lastName)".trimmingWhitespace()
        return name.isEmpty ? username : name
    }
}
