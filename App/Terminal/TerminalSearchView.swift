import Presentation
import Synchronization

/// Draws the interactive screen on the terminal, and again when its size changes.
///
/// The presenter and the resize watcher both draw; one lock around each whole frame
/// keeps their frames from interleaving on the terminal.
final class TerminalSearchView: LiveSearchView {
    private let terminal: RawTerminal
    private let drawn = Mutex<(screen: LiveSearchScreen, columns: Int, rows: Int)>((LiveSearchScreen(), 0, 0))

    init(terminal: RawTerminal) {
        self.terminal = terminal
    }

    func show(_ screen: LiveSearchScreen) {
        drawn.withLock { last in
            let size = RawTerminal.size()
            last = (screen, size.columns, size.rows)
            draw(screen, columns: size.columns, rows: size.rows)
        }
    }

    /// Redraws the last screen if the terminal was resized since it was drawn.
    func redrawIfResized() {
        drawn.withLock { last in
            let size = RawTerminal.size()
            guard last.columns != size.columns || last.rows != size.rows else { return }
            last.columns = size.columns
            last.rows = size.rows
            draw(last.screen, columns: size.columns, rows: size.rows)
        }
    }

    private func draw(_ screen: LiveSearchScreen, columns: Int, rows: Int) {
        let layout = LiveSearchLayout(screen, columns: columns, rows: rows)
        var output = ANSI.hideCursor + ANSI.home
        for (index, line) in layout.lines.map(TerminalText.escapingControls).enumerated() {
            // Output processing stays on in raw mode, so "\n" reaches the screen as CR LF.
            if index > 0 { output += "\n" }
            output += index == layout.highlightedLine ? ANSI.reverseVideo + line + ANSI.resetAttributes : line
            output += ANSI.clearToEndOfLine
        }
        output += ANSI.clearToEndOfScreen + ANSI.moveCursor(row: 1, column: layout.cursorColumn) + ANSI.showCursor
        terminal.send(output)
    }
}
