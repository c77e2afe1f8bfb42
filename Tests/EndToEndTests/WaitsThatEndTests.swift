import Foundation
import TestSupport
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// A suite's time limit only cancels its test; these show the test then stops. A child
/// that never exits and a gate nobody opens each end their wait when the waiting task
/// is cancelled, the child killed, so a hang fails one test and the run goes on. And a
/// child that writes more than a pipe holds, on both outputs, is read to the end.
@Suite("Waits that end", .timeLimit(.minutes(2)))
struct WaitsThatEndTests {
    /// Starts `bash -c script` in a task, where the script first writes its own process
    /// id into a FIFO; returns the task and that id, read once the child is running.
    private func startChild(_ script: String, through run: @escaping @Sendable ([String]) async throws -> Int32) async throws -> (Task<Int32, any Error>, pid_t) {
        let folder = try TemporaryDirectory()
        let fifo = folder.file("pid")
        try #require(mkfifo(fifo, 0o600) == 0)
        let task = Task { _ = folder; return try await run(["-c", "echo $$ > '\(fifo)'; \(script)"]) }
        // Whatever happens below, the child is not left running.
        defer { if Task.isCancelled { task.cancel() } }
        // Opening a FIFO to read waits for its writer: the child, once it runs.
        let text = try await runOffPool { () throws -> String in
            let handle = try #require(FileHandle(forReadingAtPath: fifo))
            defer { try? handle.close() }
            return String(decoding: handle.readDataToEndOfFile(), as: UTF8.self)
        }
        return (task, try #require(pid_t(text.trimmingCharacters(in: .whitespacesAndNewlines))))
    }

    /// Whether `pid` is gone (reaped): signal 0 finds no such process.
    private func isGone(_ pid: pid_t) -> Bool {
        kill(pid, 0) != 0 && errno == ESRCH
    }

    /// CI's run once failed "Text file busy": a binary the test had just copied was still
    /// open for writing in a child another test was forking. Held open here on purpose.
    @Test("a program still open for writing elsewhere is run once it is closed, not refused")
    func busyProgramRunsOnceFree() async throws {
        let folder = try TemporaryDirectory()
        let script = folder.file("script")
        try "#!/bin/sh\nexit 7\n".write(toFile: script, atomically: false, encoding: .utf8)
        try #require(chmod(script, 0o755) == 0)
        let writer = open(script, O_WRONLY | O_CLOEXEC)
        try #require(writer >= 0)
        let ended = SharedValue(false)
        let run = Task {
            defer { ended.set(true) }
            return try await ChildProcess.run(script, arguments: [], environment: ChildEnvironment.clean(home: folder.path)).status
        }
        // While the file is busy the run must not end (a refused spawn ends it at once);
        // counted turns, not time, so a slow machine can only make this check weaker.
        var turns = 0
        while !ended.value, turns < 100_000 {
            await Task.yield()
            turns += 1
        }
        #expect(!ended.value, "the run ended while its program was still open for writing")
        close(writer)
        #expect(try await run.value == 7)
    }

    @Test("a child that never exits: cancelling the wait kills it, and the wait throws")
    func cancelledChild() async throws {
        let (task, pid) = try await startChild("exec sleep 600") { arguments in
            try await ChildProcess.run("/bin/bash", arguments: arguments, environment: ChildEnvironment.clean(home: "/nonexistent")).status
        }
        task.cancel()
        await #expect(throws: CancellationError.self) { try await task.value }
        #expect(isGone(pid), "the child \(pid) outlived the cancelled wait")
    }

    @Test("the same for a child on a Process (the terminal tests' children)")
    func cancelledFoundationChild() async throws {
        let (task, pid) = try await startChild("exec sleep 600") { arguments in
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/bin/bash")
            process.arguments = arguments
            process.environment = ChildEnvironment.clean(home: "/nonexistent")
            return try await process.runUntilExit()
        }
        task.cancel()
        await #expect(throws: CancellationError.self) { try await task.value }
        // Killed, though maybe not yet reaped by Foundation: gone, or a zombie.
        let state = (try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8))?.split(separator: " ").dropFirst(2).first
        #expect(isGone(pid) || state == "Z", "the child \(pid) outlived the cancelled wait: \(state.map(String.init) ?? "?")")
    }

    /// A cancel can come before `run()` has given the child a process identifier (a
    /// loaded machine once took that long): the cancellation handler then has nothing
    /// to kill. Cancelled before it starts, the wait must still kill the child and end;
    /// left alone, `sleep` would end by itself 30 s later, unkilled.
    @Test("a wait cancelled before its child started still kills the child, and throws")
    func cancelledBeforeStart() async throws {
        let task = Task { () -> (threw: Bool, killed: Bool) in
            withUnsafeCurrentTask { $0?.cancel() }
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/bin/bash")
            process.arguments = ["-c", "exec sleep 30"]
            process.environment = ChildEnvironment.clean(home: "/nonexistent")
            var threw = false
            do { _ = try await process.runUntilExit() } catch is CancellationError { threw = true }
            return (threw, process.terminationReason == .uncaughtSignal)
        }
        let (threw, killed) = try await task.value
        #expect(threw)
        #expect(killed, "the child ran to its end: the cancel before it started killed nothing")
    }

    @Test("a gate nobody opens: cancelling the wait ends it with CancellationError")
    func cancelledGate() async throws {
        let gate = Gate()
        let waiting = Task { try await gate.wait() }
        waiting.cancel()
        await #expect(throws: CancellationError.self) { try await waiting.value }
        // And an open gate still lets a waiter through.
        await gate.open()
        try await gate.wait()
    }

    @Test("100 KiB on standard output and 100 KiB on standard error are both read whole")
    func largeOutputs() async throws {
        let script = "head -c 102400 /dev/zero | tr '\\0' a; head -c 102400 /dev/zero | tr '\\0' b >&2; head -c 102400 /dev/zero | tr '\\0' c"
        let child = try await ChildProcess.run("/bin/bash", arguments: ["-c", script], environment: ChildEnvironment.clean(home: "/nonexistent"))
        #expect(child.status == 0)
        #expect(child.standardOutputBytes.count == 204_800)
        #expect(child.standardErrorBytes.count == 102_400)
    }

    /// As a `storefront` refusing to start does with the password it was handed. Fed
    /// through a pipe, the write failed (EPIPE, SIGPIPE being ignored here as SwiftNIO
    /// ignores it) and swift-subprocess trapped, ending the whole run (signal 4).
    @Test("a child that exits without reading 1 MiB of input: its status, and the run goes on")
    func unreadInput() async throws {
        signal(SIGPIPE, SIG_IGN)
        let input = [UInt8](repeating: UInt8(ascii: "x"), count: 1 << 20)
        let child = try await ChildProcess.run("/bin/sh", arguments: ["-c", "exit 3"], environment: ChildEnvironment.clean(home: "/nonexistent"), input: input)
        #expect(child.status == 3)
        // And a child that reads it all gets every byte.
        let reader = try await ChildProcess.run("/bin/sh", arguments: ["-c", "wc -c"], environment: ChildEnvironment.clean(home: "/nonexistent"), input: input)
        #expect(reader.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines) == "1048576")
    }
}

