import Foundation
import Presentation
import TestSupport
import Testing

@Suite("StatusPresenter", .timeLimit(.minutes(1)))
struct StatusPresenterTests {
    static let report = StatusReport(
        backend: "https://store.example",
        sealing: .init(source: "--ohttp-keys-file /keys/ohttp-keys", keyID: "7", relay: "https://relay.example/ohttp"), authorityFile: "/etc/ca.pem",
        pins: ["sha256/AAAA"], signedInAs: "Emily Johnson (emilys)",
        session: .init(path: "/home/e/.local/state/storefront/session.json", mode: 0o644),
        cache: .init(folder: "/home/e/.cache/storefront", entries: 3, bytes: 4096, oldestStoredAt: Date(timeIntervalSince1970: 1_800_000_000))
    )

    @Test("every fact on its own line, and a session others can read says the chmod")
    func human() {
        let output = SpyOutput()
        #expect(StatusPresenter(console: Console(output: output, format: .human)).show(Self.report) == .success)
        #expect(output.standardOutput == [
            "Backend       https://store.example",
            "Payload       sealed (Oblivious HTTP, RFC 9458), key 7 from --ohttp-keys-file /keys/ohttp-keys, through the relay https://relay.example/ohttp",
            "TLS trust     the authorities in /etc/ca.pem, pinned to sha256/AAAA",
            "Signed in     Emily Johnson (emilys)",
            "Session file  /home/e/.local/state/storefront/session.json (mode 644, others can read it: chmod 600)",
            "Cache         /home/e/.cache/storefront: 3 entries, 4096 bytes, oldest stored 2027-01-15T08:00:00Z",
        ])
    }

    @Test("--json: one object with the same facts")
    func json() throws {
        let output = SpyOutput()
        StatusPresenter(console: Console(output: output, format: .json)).show(Self.report)
        let document = try #require(try JSONSerialization.jsonObject(with: Data((output.standardOutput.first ?? "").utf8)) as? [String: Any])
        #expect(document["mode"] as? String == "sealed")
        #expect(document["ohttpKeyId"] as? String == "7")
        #expect(document["ohttpKeysSource"] as? String == "--ohttp-keys-file /keys/ohttp-keys")
        #expect(document["ohttpRelay"] as? String == "https://relay.example/ohttp")
        #expect(document["signedIn"] as? Bool == true)
        #expect((document["session"] as? [String: Any])?["mode"] as? String == "644")
        #expect((document["session"] as? [String: Any])?["isPrivate"] as? Bool == false)
        #expect((document["cache"] as? [String: Any])?["entries"] as? Int == 3)
    }
}
