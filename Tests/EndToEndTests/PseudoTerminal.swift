import Foundation
import Testing
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// A pseudo-terminal for driving the real binary as a person at a keyboard would:
/// the child gets the terminal side as its standard input, output and error; the
/// test types into the other side and reads what the child draws.
final class PseudoTerminal: Sendable {
    let controller: Int32
    let terminalPath: String
    /// The terminal side, open for as long as this lives: reading the controller
    /// side while no terminal side is open fails at once (EIO) on Linux.
    let terminalSide: Int32
    private let received = ReceivedText()
    private let arrivals: AsyncStream<Void>.Continuation
    private let arrivalStream: AsyncStream<Void>

    init(columns: UInt16 = 100, rows: UInt16 = 30) throws {
        // posix_openpt and friends are hidden from Swift's Glibc module; these are the
        // Linux ioctls they wrap (grantpt has nothing to do on devpts).
        let controller = open("/dev/ptmx", O_RDWR | O_NOCTTY)
        var unlock: Int32 = 0
        var number: UInt32 = 0
        guard controller >= 0, ioctl(controller, Self.unlockRequest, &unlock) == 0, ioctl(controller, Self.numberRequest, &number) == 0 else {
            throw CLI.Failure(description: "no pseudo-terminal available")
        }
        self.controller = controller
        self.terminalPath = "/dev/pts/\(number)"
        terminalSide = open(terminalPath, O_RDWR | O_NOCTTY)
        guard terminalSide >= 0 else { throw CLI.Failure(description: "cannot open \(terminalPath)") }
        var size = winsize(ws_row: rows, ws_col: columns, ws_xpixel: 0, ws_ypixel: 0)
        _ = ioctl(controller, UInt(TIOCSWINSZ), &size)
        (arrivalStream, arrivals) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))

        let received = self.received
        let arrivals = self.arrivals
        Thread {
            var buffer = [UInt8](repeating: 0, count: 4096)
            while true {
                let count = read(controller, &buffer, buffer.count)
                guard count > 0 else {
                    // Closed here, not in `close()`: a descriptor closed under this read
                    // could be reused by the next terminal, and this thread would then
                    // read (and lose) that terminal's output.
                    Glibc.close(controller)
                    arrivals.finish()
                    return
                }
                received.append(String(decoding: buffer[..<count], as: UTF8.self))
                arrivals.yield()
            }
        }.start()
    }

    /// TIOCSPTLCK and TIOCGPTN: function-like macros Swift does not import. These are
    /// their values on Linux (the same on x86-64 and arm64).
    private static let unlockRequest: UInt = 0x4004_5431
    private static let numberRequest: UInt = 0x8004_5430

    /// The terminal side as a file handle, for the child's standard streams.
    var childHandle: FileHandle { FileHandle(fileDescriptor: terminalSide, closeOnDealloc: false) }

    /// Closes the terminal side. Once no process holds it, the reading thread sees the
    /// end and closes the controller side itself.
    func close() {
        Glibc.close(terminalSide)
    }

    /// Everything the child has written so far: what the reading thread has read, which
    /// may lag behind the child. After the child ended, read `finalScreen()` instead.
    var screen: String { received.text }

    /// Everything the child wrote, once all of it has arrived: for after the child ended.
    /// A marker written to the terminal side comes out behind the child's last byte, so
    /// once the marker shows, the reading thread has read all of the child's output.
    func finalScreen() async -> String {
        let marker = "<end of output \(UInt64.random(in: 0...UInt64.max))>"
        _ = marker.withCString { write(terminalSide, $0, strlen($0)) }
        _ = await waitFor(marker)
        return screen.replacingOccurrences(of: marker, with: "")
    }

    func type(_ text: String) {
        let bytes = Array(text.utf8)
        _ = bytes.withUnsafeBytes { write(controller, $0.baseAddress, $0.count) }
    }

    /// Waits until the child has written `text` (after `offset` characters of output),
    /// or the terminal has closed. No clock: a loaded machine is slow, not wrong, and the
    /// suite's time limit (which cancels the wait) keeps a broken build from hanging.
    /// `limit` is for the one question only a time can answer, that something did *not*
    /// appear; a loaded machine can only make that pass, never fail.
    func waitFor(_ text: String, after offset: Int = 0, limit: Duration? = nil) async -> Bool {
        let deadline = limit.map { ContinuousClock.now + $0 }
        var iterator = arrivalStream.makeAsyncIterator()
        while deadline.map({ ContinuousClock.now < $0 }) ?? true {
            if String(screen.dropFirst(offset)).contains(text) { return true }
            let timeout = deadline.map { deadline in
                Task {
                    try? await Task.sleep(until: deadline, clock: .continuous)
                    arrivals.yield()
                }
            }
            guard await iterator.next() != nil else {
                timeout?.cancel()
                return String(screen.dropFirst(offset)).contains(text)
            }
            timeout?.cancel()
        }
        return String(screen.dropFirst(offset)).contains(text)
    }

    /// Gives the terminal a new size, as a terminal emulator does when its window changes.
    func resize(columns: UInt16, rows: UInt16) {
        var size = winsize(ws_row: rows, ws_col: columns, ws_xpixel: 0, ws_ypixel: 0)
        _ = ioctl(controller, UInt(TIOCSWINSZ), &size)
    }

    /// The terminal's modes as seen from the child's side (echo, canonical mode, …).
    func modes() throws -> TerminalModes {
        var modes = termios()
        guard tcgetattr(terminalSide, &modes) == 0 else { throw CLI.Failure(description: "tcgetattr failed") }
        return (modes.c_lflag, modes.c_iflag, modes.c_oflag)
    }
}

/// What the child has written, shared between the reading thread and the test.
final class ReceivedText: Sendable {
    private let storage = Mutex("")

    var text: String { storage.withLock { $0 } }

    func append(_ more: String) {
        storage.withLock { $0 += more }
    }
}

/// A terminal's local, input and output mode flags.
typealias TerminalModes = (local: tcflag_t, input: tcflag_t, output: tcflag_t)

extension PseudoTerminal {
    /// Whether the suites that need a terminal run: where the machine has
    /// pseudo-terminals, and always under CI, where a machine without them fails those
    /// suites (creating the terminal throws) instead of skipping them unseen.
    static let canRun = FileManager.default.fileExists(atPath: "/dev/ptmx") || ProcessInfo.processInfo.environment["CI"] != nil

    /// Why a terminal suite skipped, outside CI.
    static let skipped: Comment = "skipped: this machine has no pseudo-terminals (/dev/ptmx); under CI this fails instead"
}
