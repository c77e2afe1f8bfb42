import Foundation
import TestSupport
import Testing

/// The cache's limits are a person's to set (`STOREFRONT_CACHE_MAX_ENTRIES`,
/// `STOREFRONT_CACHE_MAX_BYTES`): the real binary keeps to them, `status` shows them,
/// and a value that is not a limit is refused before anything is touched.
@Suite("The cache's limits from the environment", .serialized, .timeLimit(.minutes(3)), .stopsItsBackends)
struct CacheLimitsTests {
    @Test("beyond STOREFRONT_CACHE_MAX_ENTRIES the least recently used answers go, and status shows the limits")
    func keepsToTheEntryLimit() async throws {
        let (backend, initial, _) = try await CLI.signedIn()
        var cli = initial
        cli.environment["STOREFRONT_CACHE_MAX_ENTRIES"] = "2"
        cli.environment["STOREFRONT_CACHE_MAX_BYTES"] = "1000000"

        for query in ["phone", "laptop", "watch", "shirt"] {
            let search = try await cli.run(["search", query])
            #expect(search.status == 0, "\(search.everything)")
        }
        let status = try await cli.run(["status", "--json"])
        let document = try #require(try JSONSerialization.jsonObject(with: Data(status.standardOutput.utf8)) as? [String: Any])
        let cache = try #require(document["cache"] as? [String: Any])

        #expect(cache["maximumEntries"] as? Int == 2)
        #expect(cache["maximumBytes"] as? Int == 1_000_000)
        #expect(cache["entries"] as? Int == 2, "\(cache)")
        #expect(try await cli.run(["search", "shirt", "--offline"]).status == 0, "the newest answer was evicted")
        #expect(try await cli.run(["search", "phone", "--offline"]).status == 69, "the oldest answer outlived the limit")
        await backend.stop()
    }

    @Test("a limit that is not a whole number above zero exits 78 with a sentence naming it, and nothing is touched", arguments: [
        ("STOREFRONT_CACHE_MAX_ENTRIES", "0"), ("STOREFRONT_CACHE_MAX_BYTES", "50M"),
    ])
    func refused(variable: String, value: String) async throws {
        let (backend, initial, _) = try await CLI.signedIn()
        var cli = initial
        #expect(try await cli.run(["search", "phone"]).status == 0)
        let before = try StartupRefusalTests.snapshot(of: cli.dataDirectory)
        cli.environment[variable] = value

        let search = try await cli.run(["search", "laptop"])

        #expect(search.status == 78, "\(search.everything)")
        #expect(search.standardError.contains("\(variable) is \"\(value)\""), "\(search.standardError)")
        #expect(try StartupRefusalTests.snapshot(of: cli.dataDirectory) == before, "a file in the data folder changed")
        await backend.stop()
    }
}
