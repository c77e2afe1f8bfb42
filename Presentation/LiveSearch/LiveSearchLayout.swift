import Domain
import Styling

/// The interactive screen laid out for a terminal of a given size: styled lines that
/// fit its width and height, which line is highlighted, and where the cursor goes.
/// The App adds only the escape sequences.
public struct LiveSearchLayout: Equatable, Sendable {
    public let lines: [StyledText]
    /// The index in `lines` of the selected result, drawn highlighted.
    public let highlightedLine: Int?
    /// 1-based column of the cursor on the first line (after the query).
    public let cursorColumn: Int

    static let prompt = "Search: "

    public init(_ screen: LiveSearchScreen, columns: Int, rows: Int) {
        let columns = max(20, columns)
        let rows = max(5, rows)
        let queryLine = Self.prompt + screen.query
        var lines: [StyledText] = [StyledText(queryLine), ""]
        var highlighted: Int?
        if let product = screen.detail {
            lines += ProductDetails.lines(for: product, width: columns)
            lines.append("")
            lines.append(StyledText("Esc: back to the results", style: .secondary))
        } else {
            let table = screen.tableLines(width: columns)
            // Header + rows, leaving room for the query line, a gap and the status line.
            let room = Self.resultRows(forTerminalRows: rows) + 1
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
        lines.append(StyledText(screen.statusText, style: Self.style(of: screen.status))
            + StyledText(screen.page?.hasNextPage == true ? "  (PgDn/Ctrl-N: next page)" : "", style: .secondary))
        self.lines = lines.map { DisplayWidth.truncate($0, to: columns) }
        self.highlightedLine = highlighted
        self.cursorColumn = min(columns, DisplayWidth.of(queryLine) + 1)
    }

    /// How many result rows a terminal of `rows` rows shows under the query line, the
    /// gap and the header, above the status line; the live search asks for pages this size.
    public static func resultRows(forTerminalRows rows: Int) -> Int {
        max(1, max(5, rows) - 5)
    }

    private static func style(of status: LiveSearchScreen.Status) -> Style? {
        switch status {
        case .cachedWhileSearching, .fresh, .cached: .warning
        case .failed: .error
        case .idle, .typing, .searching, .results: .secondary
        }
    }
}
