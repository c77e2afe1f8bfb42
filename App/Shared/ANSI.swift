/// Every escape sequence the app writes, in one place.
public enum ANSI {
    public static let enterAlternateScreen = "\u{1B}[?1049h"
    public static let leaveAlternateScreen = "\u{1B}[?1049l"
    public static let hideCursor = "\u{1B}[?25l"
    public static let showCursor = "\u{1B}[?25h"
    public static let home = "\u{1B}[H"
    public static let clearToEndOfLine = "\u{1B}[K"
    public static let clearToEndOfScreen = "\u{1B}[J"
    public static let reverseVideo = "\u{1B}[7m"
    public static let resetAttributes = "\u{1B}[0m"
    public static let bold = "\u{1B}[1m"
    public static let dim = "\u{1B}[2m"
    public static let boldRed = "\u{1B}[1;31m"
    public static let green = "\u{1B}[32m"
    public static let yellow = "\u{1B}[33m"
    /// Back to the start of the line, which is then cleared: how a spinner's frame goes.
    public static let clearLine = "\r\u{1B}[K"

    /// Moves the cursor to a 1-based row and column.
    public static func moveCursor(row: Int, column: Int) -> String {
        "\u{1B}[\(row);\(column)H"
    }
}
