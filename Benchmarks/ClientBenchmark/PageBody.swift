/// A search answer's shape (PROTOCOL.md, `GET /auth/products/search`), as the client's
/// DTOs read it, for the JSON floor: what JSONDecoder alone costs on the page's bytes.
/// A copy of the shape, not the client's type, which Data keeps to itself.
struct PageBody: Decodable {
    struct ProductBody: Decodable {
        let id: Int
        let title: String
        let description: String?
        let category: String?
        let price: Double
        let discountPercentage: Double?
        let rating: Double?
        let stock: Int?
        let brand: String?
        let tags: [String]?
        let thumbnail: String?
    }

    let products: [ProductBody]
    let total: Int
    let skip: Int
    let limit: Int
}
