import Domain

/// The interactive screen laid out for a terminal of a given size: plain text lines
/// that fit its width and height, which line is highlighted, and where the cursor
/// goes. The App adds only the escape sequences.
public struct LiveSearchLayout: Equatable, Sendable {
    public let lines: [String]
    /// The index in `lines` of the selected result, drawn highlighted.
    public let highlightedLine: Int?
    /// 1-based column of the cursor on the first line (after the query).
    public let cursorColumn: Int

    static let prompt = "Search: "

    public init(_ screen: LiveSearchScreen, columns: Int, rows: Int) {
        let columns = max(20, columns)
        let rows = max(5, rows)
        let queryLine = Self.prompt + screen.query
        var lines = [queryLine, ""]
        var highlighted: Int?
        if let product = screen.detail {
            lines += ProductDetails.lines(for: product, width: columns)
            lines.append("")
            lines.append("Esc: back to the results")
        } else {
            let table = screen.tableLines
            // Header + rows, leaving room for the query line, a gap and the status line.
            let room = rows - 4
            if !table.isEmpty, room > 1 {
                let rowsShown = min(table.count - 1, room - 1)
                // Keep the selection visible when there are more rows than room.
                let first = min(max(0, screen.selectedRow - rowsShown + 1), table.count - 1 - rowsShown)
                lines.append(table[0])
                for index in first..<(first + rowsShown) {
                    if index == screen.selectedRow { highlighted = lines.count }
                    lines.append(table[index + 1])
                }
            }
        }
        while lines.count < rows - 1 { lines.append("") }
        lines = Array(lines.prefix(rows - 1))
        lines.append(screen.statusText + (screen.page?.hasNextPage == true ? "  (PgDn/Ctrl-N: next page)" : ""))
        self.lines = lines.map { DisplayWidth.truncate($0, to: columns) }
        self.highlightedLine = highlighted
        self.cursorColumn = min(columns, DisplayWidth.of(queryLine) + 1)
    }
}
