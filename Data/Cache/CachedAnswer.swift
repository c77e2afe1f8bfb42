#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A kept answer: its body as the backend sent it, when it was kept, and what the
/// backend said about reusing it.
public struct CachedAnswer: Sendable, Equatable {
    public let body: [UInt8]
    public let storedAt: Date
    public let validity: CacheValidity

    public init(body: [UInt8], storedAt: Date, validity: CacheValidity) {
        self.body = body
        self.storedAt = storedAt
        self.validity = validity
    }
}
