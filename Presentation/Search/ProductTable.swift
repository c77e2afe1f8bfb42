import Domain

/// The search results as an aligned table: id, title, brand, price, rating, stock.
///
/// On a terminal (`width` given) the table fits it: the title column gives way first,
/// each title cut with "…" by display width, never below `minimumTitleColumns`. Piped
/// (`width` nil), every title and brand is written whole, for the next program.
enum ProductTable {
    static let minimumTitleColumns = 12
    static let maximumBrandColumns = 20
    private static let separator = "  "

    /// A page as `storefront search` and `storefront category` print it: the table, a
    /// blank line and `Showing 11–20 of 23 results for "phone"` (`noun` "results",
    /// `subject` `for "phone"`); or one line when the page is empty.
    static func pageLines(for page: ProductPage, noun: String, subject: String, width: Int? = nil) -> [StyledText] {
        guard let range = page.shownRange else {
            return [StyledText(page.total == 0 ? "No results \(subject)" : "No results on page \(page.page) \(subject) (\(page.total) in all)")]
        }
        let footer = StyledText("Showing \(range) \(noun) \(subject)", style: .secondary)
        return lines(for: page.products, width: width) + ["", footer]
    }

    static func lines(for products: [Product], width: Int? = nil) -> [StyledText] {
        let header = ["ID", "TITLE", "BRAND", "PRICE", "RATING", "STOCK"]
        // Escaped before anything is measured: the escape is what the terminal shows.
        var rows = products.map { product in
            [
                String(product.id.rawValue),
                TerminalText.oneLine(product.title),
                product.brand.map(TerminalText.oneLine).map { width == nil ? $0 : DisplayWidth.truncate($0, to: maximumBrandColumns) } ?? "—",
                product.price.description,
                DecimalText.twoDecimals(product.rating),
                String(product.stock),
            ]
        }
        var widths = columnWidths(header, rows)
        if let width {
            let others = widths.indices.filter { $0 != 1 }.map { widths[$0] }.reduce(0, +)
            let room = width - others - separator.count * (header.count - 1)
            widths[1] = min(widths[1], max(minimumTitleColumns, room))
            rows = rows.map { row in
                var row = row
                row[1] = DisplayWidth.truncate(row[1], to: widths[1])
                return row
            }
        }
        let heading = StyledText.joined(header.indices.map { StyledText(cell(header, $0, widths), style: .heading) }, separator: separator)
        return [heading] + zip(products, rows).map { product, cells in
            StyledText.joined(cells.indices.map { StyledText(cell(cells, $0, widths), style: style(of: $0, product)) }, separator: separator)
        }
    }

    private static func columnWidths(_ header: [String], _ rows: [[String]]) -> [Int] {
        header.indices.map { column in
            ([header] + rows).map { DisplayWidth.of($0[column]) }.max() ?? 0
        }
    }

    /// Numbers read best right-aligned; words left-aligned. The last column is a
    /// number, so no line ends in padding.
    private static func cell(_ cells: [String], _ column: Int, _ widths: [Int]) -> String {
        DisplayWidth.pad(cells[column], to: widths[column], right: [0, 3, 4, 5].contains(column))
    }

    private static func style(of column: Int, _ product: Product) -> Style? {
        switch column {
        case 0: .secondary
        case 2 where product.brand == nil: .secondary
        case 3: .price
        case 4: .rating
        default: nil
        }
    }
}
