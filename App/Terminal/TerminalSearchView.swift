import AppShared
import Presentation
import Styling
import Synchronization

/// Draws the interactive screen on the terminal, and again when its size changes.
///
/// The presenter and the resize watcher both draw; one lock around each whole frame
/// keeps their frames from interleaving on the terminal.
final class TerminalSearchView: LiveSearchView {
    private let terminal: RawTerminal
    /// Colours for prices, ratings and the status line, where colour is allowed; the
    /// chosen row is in reverse video either way (its colours kept), or no one could see it.
    private let style: TerminalStyle
    private let drawn = Mutex<(screen: LiveSearchScreen, columns: Int, rows: Int)>((LiveSearchScreen(), 0, 0))

    init(terminal: RawTerminal, style: TerminalStyle) {
        self.terminal = terminal
        self.style = style
    }

    var resultRows: Int {
        LiveSearchLayout.resultRows(forTerminalRows: RawTerminal.size().rows)
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
        for (index, line) in layout.lines.enumerated() {
            // Output processing stays on in raw mode, so "\n" reaches the screen as CR LF.
            if index > 0 { output += "\n" }
            output += style.render(line, base: index == layout.highlightedLine ? ANSI.reverseVideo : "")
            output += ANSI.clearToEndOfLine
        }
        output += ANSI.clearToEndOfScreen + ANSI.moveCursor(row: 1, column: layout.cursorColumn) + ANSI.showCursor
        terminal.send(output)
    }
}
