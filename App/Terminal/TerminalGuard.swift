import CProcessControl
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// The one owner of the terminal's modes: whoever changes them (the password prompt,
/// the live screen) does it through here, so every way out puts them back — a normal
/// return, an error, and SIGINT, SIGTERM or SIGHUP sent from outside.
///
/// The signal side lives in C (`CProcessControl`): a handler may only make
/// async-signal-safe calls, and Swift code can allocate, take locks or initialise a
/// global at any line. So the handler is given, in advance, the saved modes and the
/// exact bytes to write; it writes them, restores the modes and dies of the signal.
final class TerminalGuard: Sendable {
    private let terminal: Int32
    private let saved: termios
    private let farewell: [UInt8]
    private let output: Int32
    private let restored = Mutex(false)

    /// Saves the terminal's current modes, arms the handlers, then applies `change` to
    /// the modes. Nil when `terminal` is not a terminal or the modes cannot be set.
    /// `farewell` is written to `output` when the terminal is given back (at most 64 bytes).
    init?(terminal: Int32 = STDIN_FILENO, farewell: String = "", output: Int32 = STDOUT_FILENO, change: (inout termios) -> Void) {
        var modes = termios()
        guard isatty(terminal) == 1, tcgetattr(terminal, &modes) == 0 else { return nil }
        let bytes = Array(farewell.utf8)
        let armed = bytes.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { characters in
                withUnsafePointer(to: modes) { saved in
                    storefront_terminal_guard_arm(terminal, saved, output, characters.baseAddress, characters.count)
                }
            }
        }
        guard armed == 0 else { return nil }
        var changed = modes
        change(&changed)
        guard tcsetattr(terminal, TCSAFLUSH, &changed) == 0 else {
            storefront_terminal_guard_disarm()
            return nil
        }
        self.terminal = terminal
        self.saved = modes
        self.farewell = bytes
        self.output = output
    }

    /// Puts the saved modes back, writes the farewell and disarms the handlers: what the
    /// signal handler does, in the same order. Safe to call more than once.
    func restore() {
        let first = restored.withLock { done in
            defer { done = true }
            return !done
        }
        guard first else { return }
        var modes = saved
        tcsetattr(terminal, TCSAFLUSH, &modes)
        _ = farewell.withUnsafeBytes { write(output, $0.baseAddress, $0.count) }
        storefront_terminal_guard_disarm()
    }

    deinit {
        restore()
    }
}
