import Data
import Foundation
import Infrastructure

/// A second `ResponseCache`, kept in the test targets to show that the seam holds: every
/// entry in one JSON file in a folder of its own (`<folder>/one-file/entries.json`),
/// rewritten whole and atomically on each change. Built the way a reader would add a
/// store of their own: this type, and one line where a test picks its stores; it passes
/// `ResponseCacheContractTests`, `CacheRulesTests` and the hostile-backend rounds with
/// nothing else changed.
///
/// Not for production: each change rewrites every entry, and two processes sharing the
/// file would lose each other's writes (the last rename wins), which the file store's
/// one-file-per-entry layout avoids.
public actor OneFileResponseCache: ResponseCache {
    /// One kept answer as the file holds it, with its key (a JSON object's names are
    /// strings, which Swift would compare as `==` does, not by bytes as the contract does).
    private struct Stored: Codable {
        var key: String
        var body: [UInt8]
        var storedAt: Date
        var freshForSeconds: Int64
        var etag: String?
        /// The order of use, for evicting the least recently used first.
        var used: Int
    }

    private let file: String
    private let folder: String
    private let limits: CacheLimits
    private let clock: any WallClock
    private var uses = 0
    /// When each key was last read in this process, in uses: kept in memory, see `answer`.
    private var lastRead: [[UInt8]: Int] = [:]

    public init(directory: String, limits: CacheLimits = .standard, clock: any WallClock) {
        folder = (directory as NSString).appendingPathComponent("one-file")
        file = (folder as NSString).appendingPathComponent("entries.json")
        self.limits = limits
        self.clock = clock
    }

    /// Its files lie a level below the folder it was given: naming that folder is what
    /// puts them under the start-up permission rule.
    public nonisolated var ownedFolders: [String] { [folder] }

    /// A read writes nothing: what it used is noted in memory, for this process's
    /// evictions. Writing the file on every read changed the data folder on a request
    /// that failed, which the end-to-end suites refuse ("the cache as it was").
    public func answer(for key: String) async -> CachedAnswer? {
        guard let stored = read()[Array(key.utf8)] else { return nil }
        uses += 1
        lastRead[Array(key.utf8)] = uses
        return CachedAnswer(body: stored.body, storedAt: stored.storedAt, validity: CacheValidity(freshFor: .seconds(stored.freshForSeconds), etag: stored.etag))
    }

    @discardableResult
    public func store(_ body: [UInt8], for key: String, validity: CacheValidity) async -> Bool {
        // Larger than the whole store: refused, and nothing evicted for it.
        guard body.count <= limits.maximumBytes else { return false }
        var entries = read()
        uses += 1
        entries[Array(key.utf8)] = Stored(key: key, body: body, storedAt: clock.now, freshForSeconds: validity.freshFor.components.seconds, etag: validity.etag, used: uses)
        var bytes = entries.values.reduce(0) { $0 + $1.body.count }
        let lastUse = { (key: [UInt8], stored: Stored) in max(stored.used, self.lastRead[key] ?? 0) }
        for (oldest, stored) in entries.sorted(by: { lastUse($0.key, $0.value) < lastUse($1.key, $1.value) })
        where entries.count > limits.maximumEntries || bytes > limits.maximumBytes {
            entries[oldest] = nil
            bytes -= stored.body.count
        }
        return write(entries)
    }

    public func remove(key: String) async {
        var entries = read()
        guard entries.removeValue(forKey: Array(key.utf8)) != nil else { return }
        write(entries)
    }

    public func removeAll(keyPrefix prefix: String) async {
        write(read().filter { !$0.key.starts(with: prefix.utf8) })
    }

    public func statistics() async -> CacheStatistics {
        let entries = read().values
        return CacheStatistics(entries: entries.count, bytes: entries.reduce(0) { $0 + $1.body.count }, oldestStoredAt: entries.map(\.storedAt).min())
    }

    /// Every entry; none when the file is missing or damaged (a damaged file is a miss).
    private func read() -> [[UInt8]: Stored] {
        guard let bytes = try? PrivateFiles.read(at: file),
              let list = try? JSONDecoder().decode([Stored].self, from: Data(bytes)) else { return [:] }
        uses = max(uses, list.map(\.used).max() ?? 0)
        return Dictionary(list.map { (Array($0.key.utf8), $0) }, uniquingKeysWith: { $1 })
    }

    @discardableResult
    private func write(_ entries: [[UInt8]: Stored]) -> Bool {
        do {
            try PrivateFiles.createDirectory(at: folder)
            try PrivateFiles.writeAtomically([UInt8](try JSONEncoder().encode(Array(entries.values))), to: file, durable: false)
            return true
        } catch {
            return false
        }
    }
}
