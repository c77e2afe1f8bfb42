import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Reads a password from the terminal without showing it.
///
/// Echo, canonical mode and signals are switched off for the read and restored on
/// every way out (a `defer`), Ctrl-C included: with signals off, Ctrl-C arrives as a
/// byte the prompt handles, instead of killing the process with echo still off.
enum PasswordPrompt {
    enum Outcome {
        case password(String)
        case cancelled
        case noTerminal
    }

    static func ask(_ prompt: String) -> Outcome {
        guard isatty(STDIN_FILENO) == 1 else { return .noTerminal }
        var original = termios()
        guard tcgetattr(STDIN_FILENO, &original) == 0 else { return .noTerminal }
        var quiet = original
        quiet.c_lflag &= ~tcflag_t(ECHO | ICANON | ISIG)
        try? FileHandle.standardError.write(contentsOf: Data(prompt.utf8))
        guard tcsetattr(STDIN_FILENO, TCSAFLUSH, &quiet) == 0 else { return .noTerminal }
        defer {
            tcsetattr(STDIN_FILENO, TCSAFLUSH, &original)
            try? FileHandle.standardError.write(contentsOf: Data("\n".utf8))
        }
        var bytes: [UInt8] = []
        while true {
            var byte: UInt8 = 0
            guard read(STDIN_FILENO, &byte, 1) == 1 else { return .cancelled }
            switch byte {
            case 0x0A, 0x0D: // Enter
                return .password(String(decoding: bytes, as: UTF8.self))
            case 0x03: // Ctrl-C
                return .cancelled
            case 0x04 where bytes.isEmpty: // Ctrl-D on an empty line
                return .cancelled
            case 0x7F, 0x08: // Backspace: drop the last whole character
                var text = String(decoding: bytes, as: UTF8.self)
                if !text.isEmpty { text.removeLast() }
                bytes = Array(text.utf8)
            case 0x15: // Ctrl-U
                bytes.removeAll()
            default:
                bytes.append(byte)
            }
        }
    }
}
