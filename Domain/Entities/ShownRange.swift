/// Which matches a page shows, 1-based and inclusive: `11–20 of 23`.
public struct ShownRange: Equatable, Sendable, CustomStringConvertible {
    public let first: Int
    public let last: Int
    public let total: Int

    public var description: String { "\(first)–\(last) of \(total)" }
}
