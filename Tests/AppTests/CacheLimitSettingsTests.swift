@testable import App
import AppShared
import Data
import Testing

@Suite("CacheLimitSettings: the cache's limits from the environment", .timeLimit(.minutes(1)))
struct CacheLimitSettingsTests {
    @Test("a whole number above zero sets its limit; unset or empty keeps the standard 2,000 entries and 50 MiB", arguments: [
        ([String: String](), CacheLimits(maximumEntries: 2_000, maximumBytes: 52_428_800)),
        (["STOREFRONT_CACHE_MAX_ENTRIES": "", "STOREFRONT_CACHE_MAX_BYTES": ""], CacheLimits(maximumEntries: 2_000, maximumBytes: 52_428_800)),
        (["STOREFRONT_CACHE_MAX_ENTRIES": "20000"], CacheLimits(maximumEntries: 20_000, maximumBytes: 52_428_800)),
        (["STOREFRONT_CACHE_MAX_BYTES": "524288000"], CacheLimits(maximumEntries: 2_000, maximumBytes: 524_288_000)),
        (["STOREFRONT_CACHE_MAX_ENTRIES": "1", "STOREFRONT_CACHE_MAX_BYTES": "1"], CacheLimits(maximumEntries: 1, maximumBytes: 1)),
    ])
    func accepted(environment: [String: String], limits: CacheLimits) throws {
        #expect(try CacheLimitSettings.resolve(environment: environment) == limits)
    }

    @Test("anything else is refused, naming the variable, what it holds and the standard", arguments: [
        (["STOREFRONT_CACHE_MAX_ENTRIES": "0"], #"STOREFRONT_CACHE_MAX_ENTRIES is "0", which is not a whole number above zero; set one, or unset it for the standard 2000."#),
        (["STOREFRONT_CACHE_MAX_ENTRIES": "-5"], #"STOREFRONT_CACHE_MAX_ENTRIES is "-5", which is not a whole number above zero; set one, or unset it for the standard 2000."#),
        (["STOREFRONT_CACHE_MAX_ENTRIES": "+5"], #"STOREFRONT_CACHE_MAX_ENTRIES is "+5", which is not a whole number above zero; set one, or unset it for the standard 2000."#),
        (["STOREFRONT_CACHE_MAX_BYTES": "50M"], #"STOREFRONT_CACHE_MAX_BYTES is "50M", which is not a whole number above zero; set one, or unset it for the standard 52428800."#),
        (["STOREFRONT_CACHE_MAX_BYTES": " 100"], #"STOREFRONT_CACHE_MAX_BYTES is " 100", which is not a whole number above zero; set one, or unset it for the standard 52428800."#),
        (["STOREFRONT_CACHE_MAX_BYTES": "99999999999999999999"], #"STOREFRONT_CACHE_MAX_BYTES is "99999999999999999999", which is not a whole number above zero; set one, or unset it for the standard 52428800."#),
    ])
    func refused(environment: [String: String], sentence: String) {
        #expect(throws: StartupFailure(sentence)) { try CacheLimitSettings.resolve(environment: environment) }
    }
}
