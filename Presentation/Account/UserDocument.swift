import Domain

/// `login --json` and `whoami --json`: the signed-in user and where the answer came from.
struct UserDocument: Encodable {
    let id: Int
    let username: String
    let email: String
    let firstName: String
    let lastName: String
    let source: String

    static func json(_ user: User, origin: Origin) -> String {
        JSONDocument.encode(UserDocument(
            id: user.id.rawValue, username: user.username, email: user.email,
            firstName: user.firstName, lastName: user.lastName, source: origin.source
        ))
    }
}
