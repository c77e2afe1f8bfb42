import Domain
import Styling

/// One product in full, as lines: title, brand, category, price with the discount,
/// rating, stock, tags, then the description. Shared by `storefront product` and the
/// live screen's detail view, so both say the same thing the same way.
enum ProductDetails {
    /// - Parameter width: wrap the description to this many columns; nil leaves it whole.
    static func lines(for product: Product, width: Int? = nil) -> [StyledText] {
        var lines: [StyledText] = [
            StyledText(product.title, style: .heading),
            "",
            label("Brand") + StyledText(product.brand ?? "—", style: product.brand == nil ? .secondary : nil),
            label("Category") + StyledText(product.category),
            label("Price") + StyledText(product.price.description, style: .price)
                + StyledText(product.discountPercentage > 0 ? "  (\(DecimalText.twoDecimals(product.discountPercentage))% off)" : ""),
            label("Rating") + StyledText("\(DecimalText.twoDecimals(product.rating)) / 5", style: .score),
            label("Stock") + StyledText("\(product.stock)"),
        ]
        if !product.tags.isEmpty { lines.append(label("Tags") + StyledText(product.tags.joined(separator: ", "))) }
        if !product.description.isEmpty {
            lines.append("")
            lines += (width.map { wrap(product.description, to: $0) } ?? [product.description]).map { StyledText($0) }
        }
        return lines
    }

    /// A field's name, padded so the values line up, dim beside them.
    private static func label(_ name: String) -> StyledText {
        StyledText(DisplayWidth.pad(name, to: 10), style: .secondary)
    }

    /// Words filled into lines of at most `width` display columns; a word longer than
    /// a line gets a line of its own.
    static func wrap(_ text: String, to width: Int) -> [String] {
        var lines: [String] = []
        var line = ""
        for word in text.split(whereSeparator: \.isWhitespace).map(String.init) {
            if line.isEmpty {
                line = word
            } else if DisplayWidth.of(line) + 1 + DisplayWidth.of(word) <= width {
                line += " " + word
            } else {
                lines.append(line)
                line = word
            }
        }
        if !line.isEmpty { lines.append(line) }
        return lines
    }
}
