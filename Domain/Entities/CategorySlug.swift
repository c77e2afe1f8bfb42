/// A category's name in addresses, as the store spells it: `smartphones`,
/// `mobile-accessories`. It goes into a URL path, so it may hold only lowercase
/// letters, digits and hyphens; capitals are lowered, anything else is refused.
public struct CategorySlug: Hashable, Sendable, CustomStringConvertible {
    public static let length = 1...60

    public let rawValue: String

    public init(_ text: String) throws(InvalidInput) {
        let slug = text.trimmingWhitespace().lowercased()
        guard CategorySlug.length.contains(slug.count) else {
            throw InvalidInput(field: "category", reason: "must be between \(CategorySlug.length.lowerBound) and \(CategorySlug.length.upperBound) characters")
        }
        guard slug.unicodeScalars.allSatisfy({ ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-" }) else {
            throw InvalidInput(field: "category", reason: "may hold only letters, digits and hyphens, as in mobile-accessories")
        }
        rawValue = slug
    }

    public var description: String { rawValue }
}
