/// A group of products in the catalogue: its slug, for addresses, and its name, for people.
public struct Category: Equatable, Sendable {
    public let slug: CategorySlug
    public let name: String

    /// A blank name is shown as the slug: the slug is what identifies it anyway.
    public init(slug: CategorySlug, name: String) {
        self.slug = slug
        let trimmed = name.trimmingWhitespace()
        self.name = trimmed.isEmpty ? slug.rawValue : trimmed
    }
}
