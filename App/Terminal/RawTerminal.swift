import SystemPackage
import AppShared
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif

/// The live screen's hold on the terminal: raw mode (no echo, no line buffering, no
/// signals from keys), the alternate screen and a hidden cursor. `TerminalGuard` puts
/// all of it back on every way out, SIGINT, SIGTERM and SIGHUP included.
final class RawTerminal: Sendable {
    private let owner: TerminalGuard

    /// Enters raw mode, or nil when standard input is not a terminal.
    init?() {
        let farewell = ANSI.resetAttributes + ANSI.showCursor + ANSI.leaveAlternateScreen
        guard let owner = TerminalGuard(farewell: farewell, output: STDOUT_FILENO, change: Self.makeRaw) else { return nil }
        self.owner = owner
        send(ANSI.enterAlternateScreen + ANSI.hideCursor)
    }

    /// Puts the terminal back as it was. Safe to call more than once.
    func restore() {
        owner.restore()
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
        _ = try? FileDescriptor.standardOutput.writeAll(text.utf8)
    }

    /// Keys arrive one by one and unechoed; Ctrl-C and Ctrl-Z arrive as bytes the
    /// screen handles. Output processing stays on, so "\n" still reaches the screen as CR LF.
    private static func makeRaw(_ modes: inout termios) {
        modes.c_lflag &= ~tcflag_t(ECHO | ICANON | ISIG | IEXTEN)
        modes.c_iflag &= ~tcflag_t(IXON | ICRNL)
        withUnsafeMutableBytes(of: &modes.c_cc) { cc in
            cc[Int(VMIN)] = 1
            cc[Int(VTIME)] = 0
        }
    }
}
