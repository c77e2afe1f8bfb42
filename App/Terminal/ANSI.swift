/// Every escape sequence the app writes, in one place.
enum ANSI {
    static let enterAlternateScreen = "\u{1B}[?1049h"
    static let leaveAlternateScreen = "\u{1B}[?1049l"
    static let hideCursor = "\u{1B}[?25l"
    static let showCursor = "\u{1B}[?25h"
    static let home = "\u{1B}[H"
    static let clearToEndOfLine = "\u{1B}[K"
    static let clearToEndOfScreen = "\u{1B}[J"
    static let reverseVideo = "\u{1B}[7m"
    static let resetAttributes = "\u{1B}[0m"

    /// Moves the cursor to a 1-based row and column.
    static func moveCursor(row: Int, column: Int) -> String {
        "\u{1B}[\(row);\(column)H"
    }
}
