import Foundation
import Infrastructure

/// The offline-first cache on disk: one file per key, named by the key's SHA-256, each
/// replaced atomically so that several `storefront` processes can share the folder
/// without torn reads or writes. Bounded by entry count and bytes; the least recently
/// used entries (by modification time, touched on every hit) go first.
public struct FileResponseCache: ResponseCache {
    /// How large the cache may grow.
    public struct Limits: Sendable {
        public var maximumEntries: Int
        public var maximumBytes: Int

        public init(maximumEntries: Int = 2_000, maximumBytes: Int = 50 * 1024 * 1024) {
            self.maximumEntries = maximumEntries
            self.maximumBytes = maximumBytes
        }
    }

    /// What one file holds: the key (to tell a hash collision from a hit, and to find a
    /// user's entries at logout), the time it was stored, how long it stays fresh, its
    /// `ETag`, and the value's JSON. An entry from before freshness existed is stale.
    private struct Envelope: Codable {
        let key: String
        let storedAt: Date
        var freshForSeconds: Int?
        var etag: String?
        let value: String
    }

    public let directory: String
    private let limits: Limits
    private let clock: any WallClock

    public init(directory: String, limits: Limits = Limits(), clock: any WallClock) {
        self.directory = directory
        self.limits = limits
        self.clock = clock
    }

    public func value<Value: Decodable & Sendable>(_ type: Value.Type, for key: String) async -> CachedValue<Value>? {
        guard let path = path(for: key) else { return nil }
        guard let bytes = try? PrivateFiles.read(at: path) else { return nil }
        do {
            let envelope = try Self.decoder.decode(Envelope.self, from: Data(bytes))
            guard envelope.key == key else { return nil }
            let value = try Self.decoder.decode(Value.self, from: Data(envelope.value.utf8))
            PrivateFiles.touch(path)
            let validity = CacheValidity(freshFor: .seconds(envelope.freshForSeconds ?? 0), etag: envelope.etag)
            return CachedValue(value: value, storedAt: envelope.storedAt, validity: validity)
        } catch {
            // Truncated, corrupt, or of an older shape: a miss, and not worth keeping.
            try? PrivateFiles.remove(at: path)
            return nil
        }
    }

    public func store<Value: Encodable & Sendable>(_ value: Value, for key: String, validity: CacheValidity) async {
        guard let path = path(for: key), let valueJSON = try? Self.encoder.encode(value) else { return }
        let envelope = Envelope(
            key: key,
            storedAt: clock.now,
            freshForSeconds: Int(validity.freshFor.components.seconds),
            etag: validity.etag,
            value: String(decoding: valueJSON, as: UTF8.self)
        )
        guard let bytes = try? Self.encoder.encode(envelope) else { return }
        do {
            try PrivateFiles.createDirectory(at: directory)
            // Not durable: two fsyncs were most of a search's cost over the wire, and a
            // cache entry lost to a power cut is only a miss (a torn one is removed on read).
            try PrivateFiles.writeAtomically([UInt8](bytes), to: path, durable: false)
        } catch {
            return
        }
        evictIfNeeded()
    }

    public func remove(key: String) async {
        guard let path = path(for: key) else { return }
        try? PrivateFiles.remove(at: path)
    }

    /// Reads each entry's key: file names are digests, so the key inside is the only
    /// way to tell whose an entry is. Logout is rare; a full read is fine there.
    public func removeAll(keyPrefix prefix: String) async {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return }
        for name in names where name.hasSuffix(".json") {
            let path = (directory as NSString).appendingPathComponent(name)
            guard let bytes = try? PrivateFiles.read(at: path),
                  let envelope = try? Self.decoder.decode(KeyOnly.self, from: Data(bytes)),
                  envelope.key.hasPrefix(prefix) else { continue }
            try? PrivateFiles.remove(at: path)
        }
    }

    /// An envelope's key alone, so a purge does not decode every value.
    private struct KeyOnly: Decodable {
        let key: String
    }

    /// How many entries, how many bytes, and when the oldest was stored: for
    /// `storefront status`. Reads without changing anything (no touch, no eviction).
    public func statistics() -> CacheStatistics {
        let keys: [URLResourceKey] = [.fileSizeKey]
        let urls = (try? FileManager.default.contentsOfDirectory(
            at: URL(fileURLWithPath: directory), includingPropertiesForKeys: keys
        )) ?? []
        var statistics = CacheStatistics(entries: 0, bytes: 0, oldestStoredAt: nil)
        for url in urls where url.pathExtension == "json" {
            statistics.entries += 1
            statistics.bytes += (try? url.resourceValues(forKeys: Set(keys)).fileSize) ?? 0
            if let bytes = try? PrivateFiles.read(at: url.path),
               let stored = try? Self.decoder.decode(StoredAtOnly.self, from: Data(bytes)).storedAt,
               stored < statistics.oldestStoredAt ?? .distantFuture {
                statistics.oldestStoredAt = stored
            }
        }
        return statistics
    }

    private struct StoredAtOnly: Decodable {
        let storedAt: Date
    }

    /// Removes the least recently used entries until both limits hold, and the
    /// temporary files of writes that never finished.
    private func evictIfNeeded() {
        let keys: [URLResourceKey] = [.contentModificationDateKey, .fileSizeKey]
        guard let urls = try? FileManager.default.contentsOfDirectory(
            at: URL(fileURLWithPath: directory), includingPropertiesForKeys: keys
        ) else { return }
        collectAbandonedTemporaries(urls.filter { $0.pathExtension == "tmp" })
        var entries = urls.filter { $0.pathExtension == "json" }.compactMap { url -> (url: URL, used: Date, size: Int)? in
            guard let values = try? url.resourceValues(forKeys: Set(keys)) else { return nil }
            return (url, values.contentModificationDate ?? .distantPast, values.fileSize ?? 0)
        }
        var totalBytes = entries.reduce(0) { $0 + $1.size }
        guard entries.count > limits.maximumEntries || totalBytes > limits.maximumBytes else { return }
        entries.sort { $0.used < $1.used }
        var remaining = entries.count
        for entry in entries where remaining > limits.maximumEntries || totalBytes > limits.maximumBytes {
            try? PrivateFiles.remove(at: entry.url.path)
            remaining -= 1
            totalBytes -= entry.size
        }
    }

    /// A write that a `kill -9` interrupted leaves its `.tmp` beside the entries, and
    /// nothing else would ever remove it. One untouched for ten minutes is abandoned; a
    /// younger one may be another process's write in progress, so it is left alone.
    private func collectAbandonedTemporaries(_ temporaries: [URL]) {
        let abandonedBefore = clock.now.addingTimeInterval(-Self.abandonedAfter)
        for url in temporaries {
            guard let modified = try? url.resourceValues(forKeys: [.contentModificationDateKey]).contentModificationDate,
                  modified < abandonedBefore else { continue }
            try? PrivateFiles.remove(at: url.path)
        }
    }

    private static let abandonedAfter: TimeInterval = 600

    private func path(for key: String) -> String? {
        guard let digest = try? SHA256.hexDigest(of: Array(key.utf8)) else { return nil }
        return (directory as NSString).appendingPathComponent("\(digest).json")
    }

    private static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .secondsSince1970
        return encoder
    }()

    private static let decoder: JSONDecoder = {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .secondsSince1970
        return decoder
    }()
}
