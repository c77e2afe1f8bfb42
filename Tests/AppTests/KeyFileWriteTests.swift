import AppShared
import Foundation
import Presentation
import TestSupport
import Testing

/// `serve`'s key files on a folder that cannot take them (a full disk, or here a file
/// where the folder should be, which fails for root too): the start-up failure is the
/// data folder's write failure, with its sentence, code `cannot-write` and exit 73,
/// not a configuration error; and nothing is left half-written.
@Suite("A key file that cannot be written", .timeLimit(.minutes(1)))
struct KeyFileWriteTests {
    @Test("a fresh key that cannot be written: cannot-write, 73, the path and the reason in the sentence")
    func freshKey() throws {
        let folder = try TemporaryDirectory()
        let blocked = folder.file("blocked")
        try Data("not a folder".utf8).write(to: URL(fileURLWithPath: blocked))

        let failure = #expect(throws: StartupFailure.self) {
            _ = try KeyFile.writeFresh(into: blocked + "/keys")
        }
        let unwritten = try #require(failure?.unwritten)
        #expect(unwritten.what == "the gateway key")
        #expect(unwritten.reason.contains(blocked))

        let output = SpyOutput()
        let status = try #require(failure).report(through: ErrorReporter(output: output, format: .human, verbose: false))
        #expect(status == .cannotWrite)
        #expect(output.standardError.joined().contains("The gateway key could not be written"), "\(output.standardError)")
        #expect(try String(contentsOfFile: blocked, encoding: .utf8) == "not a folder")
    }

    @Test("any other start-up failure stays a configuration error (78)")
    func otherFailures() {
        let output = SpyOutput()
        #expect(StartupFailure("no").report(through: ErrorReporter(output: output, format: .human, verbose: false)) == .configuration)
    }
}
