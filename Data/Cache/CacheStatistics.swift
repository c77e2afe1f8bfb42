import Foundation

/// What a cache folder holds, for reporting.
public struct CacheStatistics: Sendable, Equatable {
    public var entries: Int
    public var bytes: Int
    public var oldestStoredAt: Date?
}
