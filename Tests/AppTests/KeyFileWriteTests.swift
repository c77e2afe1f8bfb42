import AppShared
import Domain
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
        let sentence = try #require(failure?.sentence)
        #expect(sentence.hasPrefix("The gateway key could not be written ("), "\(sentence)")
        #expect(sentence.contains(blocked), "\(sentence)")
        #expect(sentence.hasSuffix("Free some space on that disk, or choose another folder with --data-dir."), "\(sentence)")
        #expect(failure?.exitStatus == ProcessExitStatus.cannotWrite.rawValue)
        #expect(failure?.code == "cannot-write")
        #expect(try String(contentsOfFile: blocked, encoding: .utf8) == "not a folder")
    }

    /// The server words this failure itself (it links no client layer): held here to the
    /// client's sentence for the same failure, line for line as each program prints it.
    @Test("the server's sentence for an unwritten file is the client's, word for word")
    func sameSentenceAsTheClient() {
        let what = "the gateway key"
        let reason = "write /data/ohttp-gateway-keys.jwks.tmp failed: No space left on device"
        let client = SpyOutput()

        let status = ErrorReporter(output: client, format: .human, verbose: false).report(.cannotWrite(what: what, Diagnostic(reason)))

        let failure = StartupFailure(couldNotWrite: what, reason: reason)
        #expect(client.standardError == ["storefront: " + failure.sentence])
        #expect(status.rawValue == failure.exitStatus)
        #expect(ErrorMessage(.cannotWrite(what: what, Diagnostic(reason))).code.rawValue == failure.code)
    }

    @Test("any other start-up failure stays a configuration error (78)")
    func otherFailures() {
        #expect(StartupFailure("no").exitStatus == ProcessExitStatus.configuration.rawValue)
        #expect(StartupFailure("no").code == "configuration")
    }

    /// `StartupFailure` is the server's too, which links no presentation, so it spells
    /// its codes itself: each is one of `ErrorCode`'s, with that code's exit status.
    @Test("a start-up failure's code is an ErrorCode, with its exit status", arguments: [
        StartupFailure("no"), StartupFailure(couldNotWrite: "the key", reason: "disk full"),
    ])
    func startupCodes(failure: StartupFailure) throws {
        let code = try #require(ErrorCode(rawValue: failure.code), "\(failure.code) is not an ErrorCode")
        #expect(code.exitStatus.rawValue == failure.exitStatus)
    }
}
