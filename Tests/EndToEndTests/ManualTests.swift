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
        #expect(dumped.standardOutput == committed, "docs/storefront.1 is stale: run scripts/update-manual and commit both files.")
    }

    @Test("the manual names every command, the environment variables and the exit statuses")
    func manualSaysWhatItMust() throws {
        let manual = try String(contentsOf: Self.docs.appendingPathComponent("storefront.1"), encoding: .utf8)
        for word in ["search", "serve", "status", "categories", "STOREFRONT_BASE_URL", "STOREFRONT_PINS", "Exit status", "76", "130"] {
            #expect(manual.contains(word), "the manual lacks \(word)")
        }
    }
}
