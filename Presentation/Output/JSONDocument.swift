import Domain
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// How every `--json` document of CLI.md is written: keys sorted, so the output is
/// stable for scripts and tests, and slashes left alone. Each document is a type of
/// its own beside the presenter that prints it; this is what they share.
public enum JSONDocument {
    /// `document` as one line of JSON; a document that cannot be encoded becomes the
    /// error document, so a script always gets JSON.
    public static func encode(_ document: some Encodable) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(document) else {
            return #"{"error":{"code":"unexpected","message":"The result could not be written as JSON."}}"#
        }
        return String(decoding: data, as: UTF8.self)
    }
}

extension Origin {
    /// `network` or `cache`, as the JSON documents say it.
    var source: String {
        switch self {
        case .network: "network"
        case .cache: "cache"
        }
    }

    /// When a cached answer was stored, in ISO 8601; nil for a network answer.
    func cachedAt(now: Date) -> String? {
        guard case .cache(let age, _) = self else { return nil }
        let (seconds, attoseconds) = age.components
        let stored = now.addingTimeInterval(-(TimeInterval(seconds) + TimeInterval(attoseconds) / 1e18))
        return stored.formatted(.iso8601)
    }
}
