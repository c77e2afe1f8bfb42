/// A username and password on their way to the server.
///
/// The password is never trimmed (a space can be part of it) and never printed:
/// `description`, `debugDescription` and the mirror used by `dump` all redact it,
/// so a stray `print(credentials)` cannot leak it into a log.
public struct Credentials: Equatable, Sendable {
    public let username: String
    public let password: String

    /// Trims the username; fails when either part is empty.
    public init(username: String, password: String) throws(InvalidInput) {
        let username = try Self.username(username)
        guard !password.isEmpty else {
            throw InvalidInput(field: "password", reason: "must not be empty")
        }
        self.username = username
        self.password = password
    }

    /// The username as it is sent: trimmed, and refused when nothing is left. A command
    /// can check it before it asks for a password.
    public static func username(_ text: String) throws(InvalidInput) -> String {
        let trimmed = text.trimmingWhitespace()
        guard !trimmed.isEmpty else {
            throw InvalidInput(field: "username", reason: "must not be empty")
        }
        return trimmed
    }
}

extension Credentials: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    public var description: String { "Credentials(username: \(username), password: <redacted>)" }
    public var debugDescription: String { description }
    public var customMirror: Mirror {
        Mirror(self, children: ["username": username, "password": "<redacted>"])
    }
}
