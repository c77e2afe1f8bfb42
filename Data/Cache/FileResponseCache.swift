#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Infrastructure
import SystemPackage

/// The offline-first cache on disk: one file per key, named by a 64-bit hash of the key,
/// each replaced atomically so that several `storefront` processes can share the folder
/// without torn reads or writes. Bounded by entry count and bytes; the least recently
/// used entries go first, by modification time, which a store and a hit set from the
/// clock (a hit changes no byte of the entry).
///
/// A file is one line of JSON saying whose answer it is and how long it stays fresh,
/// then the answer's body exactly as the backend sent it: nothing is decoded to be
/// kept, or encoded again, and a reader decodes it as it would the network's.
public struct FileResponseCache: ResponseCache {
    /// The first line of an entry: the key (to tell a hash collision from a hit, and
    /// to find a user's entries at logout), when it was stored, how long it stays
    /// fresh and its `ETag`. JSON never puts a raw line break in a value, so the first
    /// `\n` ends it.
    struct Header: Codable {
        let key: String
        let storedAt: Date
        var freshForSeconds: Int?
        var etag: String?
    }

    public let directory: String
    private let limits: CacheLimits
    /// A write that adds an entry checks the limits on one entry in this many (chosen
    /// by the entry's name, so processes need no shared counter); replacing an entry
    /// never does. Listing the folder costs more than the rest of a write, so most
    /// writes skip it, and the limits may be passed by about this many entries.
    private let checkOneNewEntryIn: Int
    private let clock: any WallClock

    /// - Parameter checkOneNewEntryIn: how often a new entry checks the limits; by
    ///   default `checkInterval(for: limits)`.
    public init(directory: String, limits: CacheLimits = .standard, checkOneNewEntryIn: Int? = nil, clock: any WallClock) {
        self.directory = directory
        self.limits = limits
        self.checkOneNewEntryIn = max(1, checkOneNewEntryIn ?? Self.checkInterval(for: limits))
        self.clock = clock
    }

    /// One new entry in this many checks the limits: a 125th of the entry limit (16 for
    /// the standard 2,000), so the limits are passed by at most about 0.8%. A check lists
    /// the whole folder, so its cost grows with the limit; checking less often in the
    /// same measure keeps what a write pays for checks, spread over the writes that
    /// skip them, the same at any limit.
    public static func checkInterval(for limits: CacheLimits) -> Int {
        max(1, limits.maximumEntries / 125)
    }

    /// Every file in the cache folder is an entry or an entry being written.
    public var ownedFolders: [String] { [directory] }

    public func answer(for key: String) async -> CachedAnswer? {
        guard let path = path(for: key)?.path, let bytes = try? PrivateFiles.read(at: path) else { return nil }
        guard let entry = Self.split(bytes) else {
            // Truncated, corrupt, or of an older shape: a miss, and not worth keeping.
            try? PrivateFiles.remove(at: path)
            return nil
        }
        // Another key with the same hash: its entry, not this one's. Compared by bytes, as
        // the name was made: `==` would take a canonically equal key's entry for this one.
        guard entry.header.key.utf8.elementsEqual(key.utf8) else { return nil }
        PrivateFiles.touch(path, at: clock.now.timeIntervalSince1970)
        let validity = CacheValidity(freshFor: .seconds(entry.header.freshForSeconds ?? 0), etag: entry.header.etag)
        return CachedAnswer(body: entry.body, storedAt: entry.header.storedAt, validity: validity)
    }

    @discardableResult
    public func store(_ body: [UInt8], for key: String, validity: CacheValidity) async -> Bool {
        let header = Header(key: key, storedAt: clock.now, freshForSeconds: Int(validity.freshFor.components.seconds), etag: validity.etag)
        guard let file = path(for: key), let entry = Self.entry(header, body) else { return false }
        // Larger than the whole cache: kept, it would break the limit, and evicting every
        // other entry for it would lose them all for nothing. Refused, as a full disk is.
        guard entry.count <= limits.maximumBytes else { return false }
        // Asked only of the one entry in N whose write may check, so most writes skip the stat.
        let checksLimits = Self.isChecked(file.name, oneIn: checkOneNewEntryIn) && !FileManager.default.fileExists(atPath: file.path)
        do {
            try PrivateFiles.createDirectory(at: directory)
            // Not durable: two fsyncs were most of a search's cost over the wire, and a
            // cache entry lost to a power cut is only a miss (a torn one is removed on read).
            try PrivateFiles.writeAtomically(entry, to: file.path, durable: false)
        } catch {
            // A full disk, a read-only folder: the old entry (if any) is as it was.
            return false
        }
        // Used when stored, by the clock the entry is dated by: eviction's order.
        PrivateFiles.touch(file.path, at: header.storedAt.timeIntervalSince1970)
        if checksLimits {
            evictIfNeeded(keeping: file.path)
        }
        return true
    }

    public func remove(key: String) async {
        guard let path = path(for: key)?.path else { return }
        try? PrivateFiles.remove(at: path)
    }

    /// Reads each entry's first line: file names are hashes, so the key inside is the
    /// only way to tell whose an entry is. Logout is rare; a full read is fine there.
    public func removeAll(keyPrefix prefix: String) async {
        for file in PrivateFiles.files(in: directory) where file.name.hasSuffix(".json") {
            let path = file.path
            guard let bytes = try? PrivateFiles.read(at: path),
                  let entry = Self.split(bytes),
                  entry.header.key.utf8.starts(with: prefix.utf8) else { continue }
            try? PrivateFiles.remove(at: path)
        }
    }

    /// Counts the entry files and their sizes, and reads each one's header for its date.
    public func statistics() async -> CacheStatistics {
        var statistics = CacheStatistics(entries: 0, bytes: 0, oldestStoredAt: nil)
        for file in PrivateFiles.files(in: directory) where file.name.hasSuffix(".json") {
            statistics.entries += 1
            statistics.bytes += file.size
            if let bytes = try? PrivateFiles.read(at: file.path),
               let stored = Self.split(bytes)?.header.storedAt,
               stored < statistics.oldestStoredAt ?? .distantFuture {
                statistics.oldestStoredAt = stored
            }
        }
        return statistics
    }

    /// The bytes of an entry file: its header line, then the body.
    static func entry(_ header: Header, _ body: [UInt8]) -> [UInt8]? {
        guard let line = try? encoder.encode(header) else { return nil }
        return [UInt8](line) + [lineBreak] + body
    }

    /// An entry's header and body, or nil when the file is not an entry.
    static func split(_ bytes: [UInt8]) -> (header: Header, body: [UInt8])? {
        guard let end = bytes.firstIndex(of: lineBreak),
              let header = try? decoder.decode(Header.self, from: Data(bytes[..<end])) else { return nil }
        return (header, Array(bytes[(end + 1)...]))
    }

    private static let lineBreak = UInt8(ascii: "\n")

    /// Whether a new entry named `name` (a hash in hex, so evenly spread) is the one
    /// in `oneIn` whose write checks the limits.
    private static func isChecked(_ name: String, oneIn: Int) -> Bool {
        guard oneIn > 1 else { return true }
        return (UInt64(name.prefix(8), radix: 16) ?? 0) % UInt64(oneIn) == 0
    }

    /// Removes the least recently used entries, never `kept` (the one just stored),
    /// until both limits hold, and the temporary files of writes that never finished.
    private func evictIfNeeded(keeping kept: String) {
        let files = PrivateFiles.files(in: directory)
        collectAbandonedTemporaries(files.filter { $0.name.hasSuffix(".tmp") })
        var entries = files.filter { $0.name.hasSuffix(".json") }
        var totalBytes = entries.reduce(0) { $0 + $1.size }
        guard entries.count > limits.maximumEntries || totalBytes > limits.maximumBytes else { return }
        entries.sort { $0.modified < $1.modified }
        var remaining = entries.count
        for entry in entries where entry.path != kept && (remaining > limits.maximumEntries || totalBytes > limits.maximumBytes) {
            try? PrivateFiles.remove(at: entry.path)
            remaining -= 1
            totalBytes -= entry.size
        }
    }

    /// A write that a `kill -9` interrupted leaves its `.tmp` beside the entries, and
    /// nothing else would ever remove it. One untouched for ten minutes is abandoned; a
    /// younger one may be another process's write in progress, so it is left alone.
    ///
    /// The age is a modification time the kernel wrote, so it is measured against the
    /// system's clock, not the injected one: against a clock set ahead (a test's), every
    /// write in progress, this process's own included, looked abandoned and was removed
    /// under the writer (found by `ResponseCacheContractTests`' concurrent stores).
    private func collectAbandonedTemporaries(_ temporaries: [FolderEntry]) {
        let abandonedBefore = SystemWallClock().now.addingTimeInterval(-Self.abandonedAfter)
        for file in temporaries where file.modified < abandonedBefore {
            try? PrivateFiles.remove(at: file.path)
        }
    }

    private static let abandonedAfter: TimeInterval = 600

    /// The entry's path, and its file name (the key's hash).
    private func path(for key: String) -> (path: String, name: String)? {
        let name = Self.fileName(for: key)
        return (FilePath(directory).appending("\(name).json").string, name)
    }

    /// 16 hex digits of a 64-bit hash of the key: FNV-1a over its bytes, then
    /// MurmurHash3's finalizer, since FNV-1a alone leaves its high bits barely touched by
    /// the last bytes, and keys differ mostly at the end while `isChecked` reads the
    /// first digits. The same name in every process and release (Swift's `Hasher` is
    /// seeded per process). No secrecy is needed, as the header line holds the key
    /// itself, nor resistance to chosen collisions, as a collision is told apart by that
    /// key and costs only a miss, so no cryptographic hash, and no library, is needed;
    /// SHA-256's first use in a process also makes OpenSSL load its configuration.
    static func fileName(for key: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in key.utf8 {
            hash ^= UInt64(byte)
            hash &*= 0x0000_0100_0000_01b3
        }
        hash ^= hash >> 33
        hash &*= 0xff51_afd7_ed55_8ccd
        hash ^= hash >> 33
        hash &*= 0xc4ce_b9fe_1a85_ec53
        hash ^= hash >> 33
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
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
