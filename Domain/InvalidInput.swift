/// A broken input rule: which field, and why, in words a person can act on.
public struct InvalidInput: Error, Equatable, Sendable, CustomStringConvertible {
    /// The input that broke the rule, e.g. `query` or `page`.
    public let field: String
    /// What is wrong with it, e.g. `must be between 1 and 100 characters`.
    public let reason: String

    public init(field: String, reason: String) {
        self.field = field
        self.reason = reason
    }

    public var description: String { "\(field) \(reason)" }
}
