import Domain

/// Values chosen to test rendering: a wide CJK title, an accented one, no brand, a page
/// that is not the first.
public enum DisplaySamples {
    public static func user() throws -> User {
        try User(id: UserID(1), username: "emilys", email: "emily.johnson@x.dummyjson.com", firstName: "Emily", lastName: "Johnson", imageURL: "")
    }

    public static func product(_ id: Int, _ title: String, brand: String?, cents: Int, rating: Double = 4.5, stock: Int = 7) throws -> Product {
        try Product(
            id: ProductID(id), title: title, description: "", category: "smartphones", brand: brand,
            price: Money(minorUnits: cents, currency: .usd), discountPercentage: 0, rating: rating, stock: stock,
            tags: [], thumbnailURL: ""
        )
    }

    public static func page() throws -> ProductPage {
        try ProductPage(
            items: [
                product(11, "iPhone 9", brand: "Apple", cents: 54999, rating: 4.69, stock: 94),
                product(12, "Café Crème Mug", brand: nil, cents: 999, rating: 3, stock: 5),
                product(13, "日本のスマートフォン", brand: "Sony", cents: 129_900, rating: 4.1, stock: 120),
            ],
            total: 23, paging: Paging(page: 2, pageSize: 10)
        )
    }
}
