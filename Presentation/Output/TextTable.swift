import Domain
import Styling

/// Rows as an aligned table of text, fitted to the terminal when there is one: each
/// column as wide as its widest cell by display width, numbers right-aligned, and one
/// column (a title) that gives way first, each of its cells cut with "…", never below
/// its least. Piped (no width), every cell is written whole, for the next program. A
/// list names its columns and gets the rest: `ProductTable` is one such list.
struct TextTable<Row>: Sendable {
    /// One column: its heading, how a row fills it, and how the cell looks.
    struct Column: Sendable {
        let heading: String
        /// Numbers read best right-aligned; words left-aligned.
        var alignedRight = false
        /// The most display columns a cell keeps on a terminal (a brand's 20); nil for none.
        var limit: Int?
        let text: @Sendable (Row) -> String
        var style: @Sendable (Row) -> Style? = { _ in nil }
    }

    let columns: [Column]
    /// The column that gives way when the terminal is narrow, and the least it keeps.
    let flexible: Int
    let flexibleMinimum: Int

    private static var separator: String { "  " }

    /// The heading and one line per row, fitted to `width` when there is one.
    func lines(for rows: [Row], width: Int?) -> [StyledText] {
        let headings = columns.map(\.heading)
        // Escaped before anything is measured: the escape is what the terminal shows.
        var cells = rows.map { row in
            columns.map { column in
                let text = TerminalText.oneLine(column.text(row))
                guard width != nil, let limit = column.limit else { return text }
                return DisplayWidth.truncate(text, to: limit)
            }
        }
        var widths = columns.indices.map { index in ([headings] + cells).map { DisplayWidth.of($0[index]) }.max() ?? 0 }
        if let width {
            let others = widths.indices.filter { $0 != flexible }.map { widths[$0] }.reduce(0, +)
            let room = width - others - Self.separator.count * (columns.count - 1)
            widths[flexible] = min(widths[flexible], max(flexibleMinimum, room))
            cells = cells.map { row in
                var row = row
                row[flexible] = DisplayWidth.truncate(row[flexible], to: widths[flexible])
                return row
            }
        }
        let heading = line(headings, widths) { _ in .heading }
        return [heading] + zip(rows, cells).map { row, texts in line(texts, widths) { columns[$0].style(row) } }
    }

    /// A page of a list as the commands print it: the table, a blank line and `Showing
    /// 11–20 of 23 results for "phone"` (`noun` "results", `subject` `for "phone"`); or one
    /// line when the page shows nothing.
    func pageLines(for rows: [Row], shown: ShownRange?, page: Int, total: Int, noun: String, subject: String, width: Int?) -> [StyledText] {
        guard let shown else {
            return [StyledText(total == 0 ? "No results \(subject)" : "No results on page \(page) \(subject) (\(total) in all)")]
        }
        return lines(for: rows, width: width) + ["", StyledText("Showing \(shown) \(noun) \(subject)", style: .secondary)]
    }

    /// `pageLines` for a `Page` of any list: its rows, range, number and total.
    func pageLines(for page: Page<Row>, noun: String, subject: String, width: Int?) -> [StyledText] where Row: Sendable {
        pageLines(for: page.items, shown: page.shownRange, page: page.page, total: page.total, noun: noun, subject: subject, width: width)
    }

    private func line(_ texts: [String], _ widths: [Int], style: (Int) -> Style?) -> StyledText {
        let cells = texts.indices.map { index in
            StyledText(DisplayWidth.pad(texts[index], to: widths[index], right: columns[index].alignedRight), style: style(index))
        }
        return StyledText.joined(cells, separator: Self.separator)
    }
}
