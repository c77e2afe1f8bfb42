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
    static let bold = "\u{1B}[1m"
    static let dim = "\u{1B}[2m"
    static let boldRed = "\u{1B}[1;31m"
    static let green = "\u{1B}[32m"
    static let yellow = "\u{1B}[33m"
    /// Back to the start of the line, which is then cleared: how a spinner's frame goes.
    static let clearLine = "\r\u{1B}[K"

    /// Moves the cursor to a 1-based row and column.
    static func moveCursor(row: Int, column: Int) -> String {
        "\u{1B}[\(row);\(column)H"
    }
}
