/// A product of the reference catalogue, in the shape of DummyJSON's JSON.
struct CatalogueProduct: Encodable, Sendable, Equatable {
    let id: Int
    let title: String
    let description: String
    let category: String
    let price: Double
    let discountPercentage: Double
    let rating: Double
    let stock: Int
    /// Omitted from the JSON when nil, as DummyJSON omits it for unbranded goods.
    let brand: String?
    let tags: [String]
    let thumbnail: String
}
