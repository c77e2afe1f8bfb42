/// An item of the catalogue.
public struct Product: Equatable, Sendable {
    public let id: ProductID
    public let title: String
    public let description: String
    public let category: String
    /// Missing for unbranded goods: DummyJSON omits the field for groceries, for example.
    public let brand: String?
    public let price: Money
    /// 0 to 100.
    public let discountPercentage: Double
    /// 0 to 5 stars.
    public let rating: Double
    /// Units in stock, never negative.
    public let stock: Int
    public let tags: [String]
    /// The small picture's address, kept as text: Domain does not import Foundation's `URL`.
    public let thumbnailURL: String

    /// Fails on a blank title, a negative price or stock, a rating outside 0...5 or a
    /// discount outside 0...100: a product like that is a broken answer, not a product.
    public init(
        id: ProductID,
        title: String,
        description: String,
        category: String,
        brand: String?,
        price: Money,
        discountPercentage: Double,
        rating: Double,
        stock: Int,
        tags: [String],
        thumbnailURL: String
    ) throws(InvalidInput) {
        guard !title.trimmingWhitespace().isEmpty else {
            throw InvalidInput(field: "title", reason: "must not be empty")
        }
        guard price.minorUnits >= 0 else {
            throw InvalidInput(field: "price", reason: "must not be negative")
        }
        guard (0...100).contains(discountPercentage) else {
            throw InvalidInput(field: "discountPercentage", reason: "must be between 0 and 100")
        }
        guard (0...5).contains(rating) else {
            throw InvalidInput(field: "rating", reason: "must be between 0 and 5")
        }
        guard stock >= 0 else {
            throw InvalidInput(field: "stock", reason: "must not be negative")
        }
        self.id = id
        self.title = title
        self.description = description
        self.category = category
        self.brand = brand
        self.price = price
        self.discountPercentage = discountPercentage
        self.rating = rating
        self.stock = stock
        self.tags = tags
        self.thumbnailURL = thumbnailURL
    }
}

/// The server's identifier of a product: always positive.
public struct ProductID: Hashable, Sendable, CustomStringConvertible {
    public let rawValue: Int

    /// Fails for zero and negative numbers, which no server hands out.
    public init(_ rawValue: Int) throws(InvalidInput) {
        guard rawValue > 0 else {
            throw InvalidInput(field: "id", reason: "must be a positive whole number")
        }
        self.rawValue = rawValue
    }

    public var description: String { String(rawValue) }
}
