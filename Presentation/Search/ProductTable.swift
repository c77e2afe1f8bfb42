import Domain

/// The search results as an aligned table: id, title, brand, price, rating, stock.
enum ProductTable {
    static let maximumTitleColumns = 40

    /// A page as `storefront search` and `storefront category` print it: the table, a
    /// blank line and `Showing 11–20 of 23 results for "phone"` (`noun` "results",
    /// `subject` `for "phone"`); or one line when the page is empty.
    static func pageLines(for page: ProductPage, noun: String, subject: String) -> [String] {
        guard let range = page.shownRange else {
            return [page.total == 0 ? "No results \(subject)" : "No results on page \(page.page) \(subject) (\(page.total) in all)"]
        }
        return lines(for: page.products) + ["", "Showing \(range.first)–\(range.last) of \(range.total) \(noun) \(subject)"]
    }

    static func lines(for products: [Product]) -> [String] {
        let header = ["ID", "TITLE", "BRAND", "PRICE", "RATING", "STOCK"]
        let rows = products.map { product in
            [
                String(product.id.rawValue),
                DisplayWidth.truncate(product.title, to: maximumTitleColumns),
                product.brand.map { DisplayWidth.truncate($0, to: 20) } ?? "—",
                product.price.description,
                DecimalText.twoDecimals(product.rating),
                String(product.stock),
            ]
        }
        let widths = header.indices.map { column in
            ([header] + rows).map { DisplayWidth.of($0[column]) }.max() ?? 0
        }
        // Numbers read best right-aligned; words left-aligned.
        let rightAligned: Set<Int> = [0, 3, 4, 5]
        return ([header] + rows).map { cells in
            cells.indices.map { DisplayWidth.pad(cells[$0], to: widths[$0], right: rightAligned.contains($0)) }
                .joined(separator: "  ")
                .droppingTrailingSpaces()
        }
    }
}

private extension String {
    /// The line without the padding after its last cell. (A regex would do, but building
    /// one costs a command more than formatting its whole table.)
    func droppingTrailingSpaces() -> String {
        var end = endIndex
        while end > startIndex, self[index(before: end)] == " " { end = index(before: end) }
        return String(self[..<end])
    }
}
