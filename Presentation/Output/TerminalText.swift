import Domain

// Text as a terminal shows it, in one file: escaped, measured in columns, laid out
// as a table, and numbers written as the store sends them.

/// Makes text from a server safe to print on a terminal: every control character
/// (C0 but newline and tab, DEL, C1) is written as its `\u00XX` escape.
///
/// A product title with `ESC ] 0 ;` retitles the window, one with `ESC [ 2 J` clears
/// the screen, and U+009B is a CSI on its own; shown as `\u001b` they are harmless and
/// still visible. The same form is a valid JSON escape, so the one rule also keeps a
/// `--json` document valid and meaning the same (JSONEncoder escapes C0 itself, but
/// leaves DEL and C1 raw).
public enum TerminalText {
    public static func escapingControls(_ text: String) -> String {
        escaping(text, where: isControl)
    }

    /// Every control character escaped, newline and tab too: for text that must stay on
    /// one line and be measured as shown, such as a table cell.
    public static func oneLine(_ text: String) -> String {
        escaping(text) { isControl($0) || $0 == "\n" || $0 == "\t" }
    }

    private static func escaping(_ text: String, where isControl: (Unicode.Scalar) -> Bool) -> String {
        guard text.unicodeScalars.contains(where: isControl) else { return text }
        var escaped = ""
        escaped.unicodeScalars.reserveCapacity(text.unicodeScalars.count)
        for scalar in text.unicodeScalars {
            if isControl(scalar) {
                let hex = String(scalar.value, radix: 16)
                escaped += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            } else {
                escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped
    }

    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0A, 0x09: false
        case 0x00...0x1F, 0x7F...0x9F: true
        default: false
        }
    }
}

/// How many terminal columns text takes, so table columns line up with non-ASCII titles.
///
/// Counts grapheme clusters (so "é" written as e + combining accent is one column)
/// and gives East Asian wide characters and emoji two columns, as terminals do.
enum DisplayWidth {
    static func of(_ text: String) -> Int {
        text.reduce(0) { $0 + width(of: $1) }
    }

    /// `text` cut to at most `columns` columns, ending in "…" when it was cut.
    static func truncate(_ text: String, to columns: Int) -> String {
        guard of(text) > columns else { return text }
        var result = ""
        var used = 0
        for character in text {
            let next = width(of: character)
            if used + next > columns - 1 { break }
            result.append(character)
            used += next
        }
        return result + "…"
    }

    /// Styled `text` cut to at most `columns` columns, each run keeping its style, the
    /// "…" taking the style of the run it ends.
    static func truncate(_ text: StyledText, to columns: Int) -> StyledText {
        guard of(text.plain) > columns else { return text }
        var result = StyledText("")
        var used = 0
        for run in text.runs {
            let runWidth = of(run.text)
            // Something is cut after this run, so "…" needs its column.
            if used + runWidth <= columns - 1 {
                result = result + StyledText(run.text, style: run.style)
                used += runWidth
                continue
            }
            var kept = ""
            for character in run.text {
                let next = width(of: character)
                if used + next > columns - 1 { break }
                kept.append(character)
                used += next
            }
            return result + StyledText(kept + "…", style: run.style)
        }
        return result
    }

    /// `text` followed by spaces to fill `columns`, or preceded by them when `right` is set.
    static func pad(_ text: String, to columns: Int, right: Bool = false) -> String {
        let padding = String(repeating: " ", count: max(0, columns - of(text)))
        return right ? padding + text : text + padding
    }

    private static func width(of character: Character) -> Int {
        guard let scalar = character.unicodeScalars.first else { return 0 }
        if scalar.properties.isEmojiPresentation { return 2 }
        switch scalar.value {
        case 0x1100...0x115F, 0x2E80...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF,
             0xFE30...0xFE4F, 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x20000...0x3FFFD:
            return 2
        default:
            return 1
        }
    }
}

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

/// A number with exactly two decimals, as the store sends ratings and discounts: `4.10`.
enum DecimalText {
    static func twoDecimals(_ value: Double) -> String {
        let hundredths = Int((value * 100).rounded())
        let fraction = hundredths % 100
        return "\(hundredths / 100).\(fraction < 10 ? "0" : "")\(fraction)"
    }
}
