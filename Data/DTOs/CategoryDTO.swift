import Domain

/// One element of `GET /auth/products/categories`: `{"slug", "name", "url"}`, where
/// DummyJSON adds the `url` and a server may leave it out.
struct CategoryDTO: Decodable, Sendable {
    let slug: String
    let name: String
    let url: String?

    /// A slug the client could not put back into a path makes the answer unusable.
    func toDomain() throws(StoreError) -> Category {
        do {
            return Category(slug: try CategorySlug(slug), name: name)
        } catch {
            throw .unusableResponse(Diagnostic("category \(slug.debugDescription): \(error)"))
        }
    }
}

extension [CategoryDTO] {
    /// The list in the order sent; one unusable element makes the whole answer unusable.
    func toDomain() throws(StoreError) -> [Category] {
        var categories: [Category] = []
        for category in self { categories.append(try category.toDomain()) }
        return categories
    }
}
