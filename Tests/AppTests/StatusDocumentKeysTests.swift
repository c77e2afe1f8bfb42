@testable import App
import Domain
import Foundation
import Presentation
import TestSupport
import Testing

/// `status --json` prints the keys its help (and so CLI.md and the man page) lists, no
/// more and no fewer: a key dropped from the document, or added to it, and left in the
/// help as it was, fails here.
@Suite("status --json's keys are the ones its help lists", .timeLimit(.minutes(1)))
struct StatusDocumentKeysTests {
    /// A report with every fact present, so no key is left out for a value it lacks.
    static let everything = StatusReport(
        backend: "https://store.example", transport: "asynchttpclient",
        sealing: .init(source: "--ohttp-keys-file /k", keyID: "7", relay: "https://relay.example/ohttp"), authorityFile: "/ca.pem",
        pins: ["sha256/AAAA"], signedInAs: "Emily Johnson (emilys)",
        session: .init(store: "file", holder: "file", location: "/s/session.json", permissions: "600", isPrivate: true, fix: nil),
        cache: .init(folder: "/c", entries: 1, bytes: 1, oldestStoredAt: Date(timeIntervalSince1970: 0), maximumEntries: 1, maximumBytes: 1),
        check: .accepted
    )

    @Test("every key of the document, nested ones as parent.key, is a key the help names, and back")
    func keysAreDocumented() throws {
        let output = SpyOutput()
        StatusPresenter(console: Console(output: output, format: .json)).show(Self.everything)
        let document = try #require(try JSONSerialization.jsonObject(with: Data((output.standardOutput.first ?? "").utf8)) as? [String: Any])
        let printed = document.flatMap { key, value in
            [key] + ((value as? [String: Any])?.keys.map { "\(key).\($0)" } ?? [])
        }
        let documented = Set(try Self.documented())
        #expect(documented.count >= 20, "the help's keys were not found: \(documented)")
        #expect(Set(printed).subtracting(documented).isEmpty, "printed, and not in the help: \(Set(printed).subtracting(documented).sorted())")
        #expect(documented.subtracting(printed).isEmpty, "in the help, and not printed: \(documented.subtracting(printed).sorted())")
    }

    /// The help's keys, `{"a", "b": {"c"}}` read as `a`, `b`, `b.c`.
    static func documented() throws -> [String] {
        let shape = try #require(StatusCommand.help.json)
        var keys: [String] = []
        var parents: [String] = []
        var last: String?
        var rest = shape[...]
        while let character = rest.first {
            rest = rest.dropFirst()
            switch character {
            case "\"":
                let name = String(rest.prefix { $0 != "\"" })
                rest = rest.dropFirst(name.count + 1)
                keys.append((parents + [name]).joined(separator: "."))
                last = name
            case "{" where last != nil:
                parents.append(last ?? "")
            case "}":
                _ = parents.popLast()
            default:
                break
            }
        }
        return keys
    }
}
