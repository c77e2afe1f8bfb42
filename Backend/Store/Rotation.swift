/// What presenting a refresh token came to.
public enum Rotation: Sendable, Equatable {
    /// Spent now, and the new pair kept in its family, for this user.
    case rotated(userID: Int)
    /// Spent before: someone else holds a copy, so its family is ended.
    case reused
    /// Not kept: never granted, expired, or its family ended.
    case unknown
}
