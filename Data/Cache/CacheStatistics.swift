#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What a cache holds, for reporting.
public struct CacheStatistics: Sendable, Equatable {
    public var entries: Int
    /// The bytes the entries take as the store keeps them (a file store counts its files).
    public var bytes: Int
    public var oldestStoredAt: Date?

    public init(entries: Int, bytes: Int, oldestStoredAt: Date?) {
        self.entries = entries
        self.bytes = bytes
        self.oldestStoredAt = oldestStoredAt
    }
}
