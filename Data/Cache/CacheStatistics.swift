#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What a cache folder holds, for reporting.
public struct CacheStatistics: Sendable, Equatable {
    public var entries: Int
    public var bytes: Int
    public var oldestStoredAt: Date?
}
