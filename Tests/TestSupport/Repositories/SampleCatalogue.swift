import Domain

/// Twelve products in three categories, for `FakeProductRepository`: four phones
/// (one of them only says "phone" in its description), four laptops, four mugs.
public enum SampleCatalogue {
    public static func products() throws -> [Product] {
        let rows: [(title: String, description: String, category: String)] = [
            ("iPhone 13", "A phone with a sharp camera.", "smartphones"),
            ("Galaxy Phone S21", "A bright display.", "smartphones"),
            ("Reno 8", "A smartphone that lasts all day.", "smartphones"),
            ("Pixel 7", "Google's own phone.", "smartphones"),
            ("MacBook Air", "A light laptop.", "laptops"),
            ("ThinkPad X1", "A laptop with a good keyboard.", "laptops"),
            ("ZenBook 14", "A thin laptop.", "laptops"),
            ("XPS 13", "A small laptop.", "laptops"),
            ("Café Crème Mug", "A mug for coffee.", "kitchen-accessories"),
            ("Tea Mug", "A mug for tea.", "kitchen-accessories"),
            ("Travel Mug", "A mug that keeps it warm.", "kitchen-accessories"),
            ("Phone Stand Mug", "A mug that holds your phone.", "kitchen-accessories"),
        ]
        return try rows.enumerated().map { index, row in
            try Product(
                id: ProductID(index + 1), title: row.title, description: row.description, category: row.category, brand: nil,
                price: Money(minorUnits: 1_000 + index * 100, currency: .usd), discountPercentage: 0, rating: 4, stock: 5,
                tags: [row.category], thumbnailURL: ""
            )
        }
    }
}
