import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// Owns the terminal while the interactive mode runs: raw mode (no echo, no line
/// buffering, no signals from keys), the alternate screen and a hidden cursor, all
/// put back by `restore()` on every way out, and by a SIGTERM handler.
final class RawTerminal: Sendable {
    /// The modes to put back, reachable from the SIGTERM handler, which can capture nothing.
    /// Written once before the handler is installed and only read after.
    nonisolated(unsafe) private static var savedModes = termios()

    private let restored = Mutex(false)

    /// Enters raw mode, or nil when standard input is not a terminal.
    init?() {
        var modes = termios()
        guard isatty(STDIN_FILENO) == 1, tcgetattr(STDIN_FILENO, &modes) == 0 else { return nil }
        Self.savedModes = modes
        var raw = modes
        raw.c_lflag &= ~tcflag_t(ECHO | ICANON | ISIG | IEXTEN)
        raw.c_iflag &= ~tcflag_t(IXON | ICRNL)
        withUnsafeMutableBytes(of: &raw.c_cc) { cc in
            cc[Int(VMIN)] = 1
            cc[Int(VTIME)] = 0
        }
        guard tcsetattr(STDIN_FILENO, TCSAFLUSH, &raw) == 0 else { return nil }
        signal(SIGTERM) { _ in
            // Only async-signal-safe calls here: restore the modes, reset the screen, leave.
            tcsetattr(STDIN_FILENO, TCSAFLUSH, &RawTerminal.savedModes)
            let reset = ANSI.showCursor + ANSI.leaveAlternateScreen
            _ = reset.withCString { write(STDOUT_FILENO, $0, strlen($0)) }
            _exit(143)
        }
        send(ANSI.enterAlternateScreen + ANSI.hideCursor)
    }

    /// Puts the terminal back as it was. Safe to call more than once.
    func restore() {
        let first = restored.withLock { done in
            defer { done = true }
            return !done
        }
        guard first else { return }
        send(ANSI.resetAttributes + ANSI.showCursor + ANSI.leaveAlternateScreen)
        tcsetattr(STDIN_FILENO, TCSAFLUSH, &Self.savedModes)
        signal(SIGTERM, SIG_DFL)
    }

    /// The terminal's size in columns and rows (80×24 when it will not say).
    static func size() -> (columns: Int, rows: Int) {
        var size = winsize()
        guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0, size.ws_row > 0 else {
            return (80, 24)
        }
        return (Int(size.ws_col), Int(size.ws_row))
    }

    func send(_ text: String) {
        try? FileHandle.standardOutput.write(contentsOf: Data(text.utf8))
    }
}
