import SystemPackage
import CProcessControl
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif

/// Reads a password from the terminal without showing it.
///
/// Echo, canonical mode and signals from keys are off for the read; `TerminalGuard`
/// puts them back on every way out, SIGTERM or SIGHUP from outside included. With
/// signals off, Ctrl-C arrives as a byte the prompt answers with `.interrupted`.
/// The typed bytes live in one buffer that is wiped before it is freed.
enum PasswordPrompt {
    enum Outcome {
        case password(String)
        /// Ctrl-C: the caller says what was left undone, then ends as SIGINT would.
        case interrupted
        /// Ctrl-D on an empty line, or the terminal went away.
        case cancelled
        case tooLong
        case noTerminal
    }

    /// Longer than any password a person types; the buffer never grows, so never copies.
    static let capacity = 4096

    static func ask(_ prompt: String) -> Outcome {
        guard isatty(STDIN_FILENO) == 1 else { return .noTerminal }
        let quiet = TerminalGuard(farewell: "\n", output: STDERR_FILENO) { modes in
            modes.c_lflag &= ~tcflag_t(ECHO | ICANON | ISIG)
        }
        guard let quiet else { return .noTerminal }
        defer { quiet.restore() }
        // Only now: once the prompt shows, whatever is typed is already hidden.
        _ = try? FileDescriptor.standardError.writeAll(prompt.utf8)

        let typed = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: capacity)
        defer {
            storefront_wipe(typed.baseAddress, typed.count)
            typed.deallocate()
        }
        var count = 0
        while true {
            var byte: UInt8 = 0
            let got = read(STDIN_FILENO, &byte, 1)
            if got < 0, errno == EINTR { continue }
            guard got == 1 else { return .cancelled }
            switch byte {
            case 0x0A, 0x0D: // Enter
                return .password(String(decoding: UnsafeBufferPointer(rebasing: typed[..<count]), as: UTF8.self))
            case 0x03: // Ctrl-C
                return .interrupted
            case 0x04 where count == 0: // Ctrl-D on an empty line
                return .cancelled
            case 0x7F, 0x08: // Backspace: drop the last whole character
                count = startOfLastCharacter(in: typed, count: count)
            case 0x15: // Ctrl-U
                count = 0
            default:
                guard count < capacity else { return .tooLong }
                typed[count] = byte
                count += 1
            }
        }
    }

    /// Where the last UTF-8 character of the first `count` bytes begins: continuation
    /// bytes (10xxxxxx) are stepped over back to the byte that leads them.
    static func startOfLastCharacter(in bytes: UnsafeMutableBufferPointer<UInt8>, count: Int) -> Int {
        var start = count
        while start > 0 {
            start -= 1
            if bytes[start] & 0b1100_0000 != 0b1000_0000 { break }
        }
        return start
    }

    /// Ends the process as Ctrl-C would have with signals on, so a shell sees 130 and a
    /// script looping over `storefront login` stops.
    static func endAsInterrupted() -> Never {
        storefront_end_by_signal(SIGINT)
    }
}
