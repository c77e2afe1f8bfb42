import Foundation
import Presentation
import TestSupport
import Testing

@Suite("StatusPresenter", .timeLimit(.minutes(1)))
struct StatusPresenterTests {
    static let report = StatusReport(
        backend: "https://store.example", transport: "asynchttpclient",
        sealing: .init(source: "--ohttp-keys-file /keys/ohttp-keys", keyID: "7", relay: "https://relay.example/ohttp"), authorityFile: "/etc/ca.pem",
        pins: ["sha256/AAAA"], signedInAs: "Emily Johnson (emilys)",
        session: .init(
            store: "file", holder: "file", location: "/home/e/.local/state/storefront/session.json",
            permissions: "644", isPrivate: false, fix: "chmod 600 /home/e/.local/state/storefront/session.json"
        ),
        cache: .init(folder: "/home/e/.cache/storefront", entries: 3, bytes: 4096, oldestStoredAt: Date(timeIntervalSince1970: 1_800_000_000), maximumEntries: 20_000, maximumBytes: 524_288_000)
    )

    @Test("every fact on its own line, and a session others can read says the chmod")
    func human() {
        let output = SpyOutput()
        #expect(StatusPresenter(console: Console(output: output, format: .human)).show(Self.report) == .success)
        #expect(output.standardOutput == [
            "Backend       https://store.example",
            "Transport     asynchttpclient",
            "Payload       sealed (Oblivious HTTP, RFC 9458), key 7 from --ohttp-keys-file /keys/ohttp-keys, through the relay https://relay.example/ohttp",
            "TLS trust     the authorities in /etc/ca.pem, pinned to sha256/AAAA",
            "Signed in     Emily Johnson (emilys)",
            "Session file  /home/e/.local/state/storefront/session.json (mode 644, others can read it: chmod 600 /home/e/.local/state/storefront/session.json)",
            "Cache         /home/e/.cache/storefront: 3 entries, 4096 bytes, oldest stored 2027-01-15T08:00:00Z; at most 20000 entries and 524288000 bytes",
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
        #expect((document["session"] as? [String: Any])?["store"] as? String == "file")
        #expect((document["session"] as? [String: Any])?["location"] as? String == "/home/e/.local/state/storefront/session.json")
        #expect((document["session"] as? [String: Any])?["exists"] as? Bool == true)
        #expect((document["session"] as? [String: Any])?["permissions"] as? String == "644")
        #expect((document["session"] as? [String: Any])?["isPrivate"] as? Bool == false)
        #expect((document["cache"] as? [String: Any])?["entries"] as? Int == 3)
        #expect((document["cache"] as? [String: Any])?["store"] == nil)
        #expect((document["cache"] as? [String: Any])?["maximumEntries"] as? Int == 20_000)
        #expect((document["cache"] as? [String: Any])?["maximumBytes"] as? Int == 524_288_000)
        #expect(document["transport"] as? String == "asynchttpclient")
    }

    /// Whichever store keeps the session, the line names what holds it and where, and
    /// says "(none)" when nothing is kept: the text a person reads, row by row.
    @Test("the session line for each store, kept or not", arguments: [
        (StatusReport.SessionPlace(store: "file", holder: "file", location: "/s/session.json", permissions: "600", isPrivate: true, fix: nil),
         "Session file  /s/session.json (mode 600, yours alone)"),
        (StatusReport.SessionPlace(store: "file", holder: "file", location: "/s/session.json", permissions: nil, isPrivate: true, fix: nil),
         "Session file  /s/session.json (none)"),
        (StatusReport.SessionPlace(store: "keyring", holder: "key", location: "storefront:/s in the persistent keyring", permissions: "3f010000", isPrivate: true, fix: nil),
         "Session key   storefront:/s in the persistent keyring (permissions 3f010000, yours alone)"),
    ])
    func sessionLine(place: StatusReport.SessionPlace, line: String) {
        let output = SpyOutput()
        let report = StatusReport(
            backend: "http://127.0.0.1:8080", transport: "asynchttpclient", sealing: nil, authorityFile: nil, pins: [], signedInAs: nil, session: place,
            cache: .init(folder: "/c", entries: 0, bytes: 0, oldestStoredAt: nil, maximumEntries: 2_000, maximumBytes: 52_428_800)
        )
        StatusPresenter(console: Console(output: output, format: .human)).show(report)
        #expect(output.standardOutput.contains(line), "\(output.standardOutput)")
    }
}
