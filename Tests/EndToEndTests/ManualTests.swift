import Foundation
import Testing

/// docs/storefront.1 is written by scripts/update-manual from the help the binary dumps
/// (`--experimental-dump-help`, what swift-argument-parser's generate-manual plugin
/// reads). That dump is kept beside it; when the binary's differs, the manual is stale.
@Suite("The manual page", .timeLimit(.minutes(5)))
struct ManualTests {
    static let docs = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("docs")

    @Test("docs/storefront.1 was written from the commands as they are now")
    func manualIsCurrent() async throws {
        let dumped = try await CLI(backend: nil, key: nil).run(["--experimental-dump-help"])
        let committed = try String(contentsOf: Self.docs.appendingPathComponent("storefront.help.json"), encoding: .utf8)

        #expect(dumped.status == 0)
        // The first differing line, not both dumps: each is some 8,000 lines.
        let difference = Self.firstDifference(dumped.standardOutput, committed)
        #expect(difference == nil, "docs/storefront.1 is stale: run scripts/update-manual and commit both files.")
    }

    /// Where two texts first differ, by line: the line's number and both versions; nil
    /// when they are the same.
    static func firstDifference(_ binary: String, _ committed: String) -> String? {
        let binaryLines = binary.split(separator: "\n", omittingEmptySubsequences: false)
        let committedLines = committed.split(separator: "\n", omittingEmptySubsequences: false)
        for index in 0..<max(binaryLines.count, committedLines.count) {
            let built = index < binaryLines.count ? String(binaryLines[index]) : "(the end)"
            let kept = index < committedLines.count ? String(committedLines[index]) : "(the end)"
            if built != kept {
                return "line \(index + 1): the binary says \(built.debugDescription), docs/storefront.help.json \(kept.debugDescription)"
            }
        }
        return nil
    }

    @Test("the page's EXIT STATUS lists each status the description gives, not mdoc's generic line")
    func exitStatuses() throws {
        let manual = try String(contentsOf: Self.docs.appendingPathComponent("storefront.1"), encoding: .utf8)
        let line = try #require(manual.split(separator: "\n").first { $0.hasPrefix("Exit status: ") })
        let described = line.dropFirst("Exit status: ".count).split(separator: "; ").map { String($0.prefix { $0 != " " }) }
        let section = try #require(manual.range(of: "\n.Sh \"EXIT STATUS\"\n")).upperBound
        let listed = manual[section...].split(separator: "\n").prefix { !$0.hasPrefix(".Sh ") }
            .filter { $0.hasPrefix(".It ") }.map { String($0.dropFirst(4)) }
        #expect(described.count >= 10 && listed == described, "docs/storefront.1's EXIT STATUS is not the description's list: run scripts/update-manual")
        #expect(!manual.contains("\n.Ex -std"))
    }

    @Test("the page itself has each command the binary has, with its abstract and every long option it takes")
    func pageHasEveryOption() async throws {
        let subcommands = try await CommandListsTests.subcommands()
        let manual = try String(contentsOf: Self.docs.appendingPathComponent("storefront.1"), encoding: .utf8)
        #expect(subcommands.count >= 10)

        for subcommand in subcommands {
            let name = try #require(subcommand["commandName"] as? String)
            // The command's entry runs from its `.It Em` line to the next command's.
            guard let start = manual.range(of: "\n.It Em \(name)\n") else {
                Issue.record("docs/storefront.1 has no entry for \(name): run scripts/update-manual")
                continue
            }
            let rest = manual[start.upperBound...]
            let entry = rest[..<(rest.range(of: "\n.It Em ")?.lowerBound ?? rest.endIndex)]
            if let abstract = subcommand["abstract"] as? String {
                #expect(entry.hasPrefix(abstract), "docs/storefront.1's \(name) does not open with its abstract: run scripts/update-manual")
            }
            // Hidden options (a retired one kept only to say what replaced it) are not in the page.
            let shown = (subcommand["arguments"] as? [[String: Any]] ?? []).filter { $0["shouldDisplay"] as? Bool != false }
            let options = shown.flatMap { argument in
                (argument["names"] as? [[String: Any]] ?? []).filter { $0["kind"] as? String == "long" }.compactMap { $0["name"] as? String }
            }
            // `.It Fl -json`, `.It Fl -base-url Ar base-url`, `.It Fl h , -help`.
            let flagLines = entry.split(separator: "\n").filter { $0.hasPrefix(".It Fl ") }
            for option in options {
                let written = flagLines.contains { $0.split(separator: " ").contains { $0 == "-\(option)" } }
                #expect(written, "docs/storefront.1's \(name) lacks --\(option): run scripts/update-manual")
            }
        }
    }

    @Test("the manual names every command, the environment variables and the exit statuses")
    func manualSaysWhatItMust() throws {
        let manual = try String(contentsOf: Self.docs.appendingPathComponent("storefront.1"), encoding: .utf8)
        for word in ["search", "serve", "status", "categories", "STOREFRONT_BASE_URL", "STOREFRONT_PINS", "Exit status", "76", "130"] {
            #expect(manual.contains(word), "the manual lacks \(word)")
        }
    }
}
