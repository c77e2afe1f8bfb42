import Domain
import Styling

/// The search results as an aligned table: id, title, brand, price, rating, stock; on
/// a terminal the title gives way first, never below `minimumTitleColumns`, and a
/// brand keeps at most `maximumBrandColumns`. The fitting is `TextTable`'s, and a page
/// of it is `PagedList`'s (the search's and the category's): this type only names the
/// columns.
enum ProductTable {
    static let minimumTitleColumns = 12
    static let maximumBrandColumns = 20

    static let table = TextTable<Product>(
        columns: [
            .init(heading: "ID", alignedRight: true, text: { String($0.id.rawValue) }, style: { _ in .secondary }),
            .init(heading: "TITLE", text: { $0.title }),
            .init(heading: "BRAND", limit: maximumBrandColumns, text: { $0.brand ?? "—" }, style: { $0.brand == nil ? .secondary : nil }),
            .init(heading: "PRICE", alignedRight: true, text: { $0.price.description }, style: { _ in .price }),
            .init(heading: "RATING", alignedRight: true, text: { DecimalText.twoDecimals($0.rating) }, style: { _ in .score }),
            .init(heading: "STOCK", alignedRight: true, text: { String($0.stock) }),
        ],
        flexible: 1,
        flexibleMinimum: minimumTitleColumns
    )

    static func lines(for products: [Product], width: Int? = nil) -> [StyledText] {
        table.lines(for: products, width: width)
    }
}
