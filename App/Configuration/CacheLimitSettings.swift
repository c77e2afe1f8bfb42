import AppShared
import Data

/// How large the response cache may grow: `STOREFRONT_CACHE_MAX_ENTRIES` and
/// `STOREFRONT_CACHE_MAX_BYTES`, each a whole number above zero; unset or empty keeps
/// the standard (`CacheLimits.standard`). Every store keeps to the limits it is given.
enum CacheLimitSettings {
    static let entriesVariable = "STOREFRONT_CACHE_MAX_ENTRIES"
    static let bytesVariable = "STOREFRONT_CACHE_MAX_BYTES"

    /// The limits the variables set, or the first one's refusal: a sentence naming the
    /// variable, what it holds, and the standard it would otherwise be.
    static func resolve(environment: [String: String]) throws(StartupFailure) -> CacheLimits {
        var limits = CacheLimits.standard
        if let entries = try limit(entriesVariable, in: environment, standard: limits.maximumEntries) {
            limits.maximumEntries = entries
        }
        if let bytes = try limit(bytesVariable, in: environment, standard: limits.maximumBytes) {
            limits.maximumBytes = bytes
        }
        return limits
    }

    private static func limit(_ variable: String, in environment: [String: String], standard: Int) throws(StartupFailure) -> Int? {
        guard let text = environment[variable], !text.isEmpty else { return nil }
        // Digits only: `Int` would also take a sign, and "+2000" is not what a person means.
        guard text.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }), let value = Int(text), value > 0 else {
            throw StartupFailure("\(variable) is \"\(text)\", which is not a whole number above zero; set one, or unset it for the standard \(standard).")
        }
        return value
    }
}
