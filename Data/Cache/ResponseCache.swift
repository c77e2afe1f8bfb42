import Foundation

/// A cached answer and when it was stored.
public struct CachedValue<Value: Sendable>: Sendable {
    public let value: Value
    public let storedAt: Date
}

/// Remembers answers by key, so that the app can still answer when the backend is away.
public protocol ResponseCache: Sendable {
    /// The value stored under `key`, or nil on a miss. A damaged entry is a miss (and is removed).
    func value<Value: Decodable & Sendable>(_ type: Value.Type, for key: String) async -> CachedValue<Value>?
    /// Stores `value` under `key`, replacing what was there. Best effort: a cache that
    /// cannot be written must not fail the request whose answer it was keeping.
    func store<Value: Encodable & Sendable>(_ value: Value, for key: String) async
    func remove(key: String) async
}
