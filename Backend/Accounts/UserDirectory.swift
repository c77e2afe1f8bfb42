import Infrastructure

/// A user the reference backend knows, with a salted hash in place of the password.
struct StoreUser: Sendable {
    let id: Int
    let username: String
    let email: String
    let firstName: String
    let lastName: String
    let gender: String
    let passwordHash: PasswordHash

    var image: String { "https://example.invalid/icon/\(username)/128" }
}

extension StoreUser: Encodable {
    private enum CodingKeys: String, CodingKey {
        case id, username, email, firstName, lastName, gender, image
    }

    /// The user as the wire shows it (PROTOCOL.md): never the password hash.
    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(username, forKey: .username)
        try container.encode(email, forKey: .email)
        try container.encode(firstName, forKey: .firstName)
        try container.encode(lastName, forKey: .lastName)
        try container.encode(gender, forKey: .gender)
        try container.encode(image, forKey: .image)
    }
}

/// The backend's users. The demo passwords are public (as DummyJSON's are); what the
/// directory keeps is only their salted PBKDF2 hashes, compared in constant time.
struct UserDirectory: Sendable {
    private let users: [String: StoreUser]
    /// Checked against when the username is unknown, so both paths cost the same.
    private let decoy: PasswordHash

    /// The demo users, hashed afresh (with new salts) at every start.
    static func demo() throws(CryptoError) -> UserDirectory {
        let people: [(String, String, String, String, String)] = [
            ("emilys", "emilyspass", "Emily", "Johnson", "female"),
            ("michaelw", "michaelwpass", "Michael", "Williams", "male"),
            ("sophiab", "sophiabpass", "Sophia", "Brown", "female"),
            ("zoen", "zoenpass", "Zoë", "Nguyễn", "female"),
        ]
        var users: [String: StoreUser] = [:]
        for (index, person) in people.enumerated() {
            let (username, password, first, last, gender) = person
            users[username] = StoreUser(
                id: index + 1,
                username: username,
                email: "\(first.lowercased()).\(last.lowercased())@x.dummyjson.com",
                firstName: first,
                lastName: last,
                gender: gender,
                passwordHash: try PasswordHash(password: password)
            )
        }
        return UserDirectory(users: users, decoy: try PasswordHash(password: try RandomToken.make()))
    }

    /// The user whose username and password these are. Runs the hash even for an
    /// unknown name, so the response time does not reveal which names exist.
    func authenticate(username: String, password: String) -> StoreUser? {
        guard let user = users[username] else {
            _ = decoy.matches(password)
            return nil
        }
        return user.passwordHash.matches(password) ? user : nil
    }

    func user(id: Int) -> StoreUser? {
        users.values.first { $0.id == id }
    }
}
