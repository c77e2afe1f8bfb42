import Foundation
import Synchronization

/// The gateway's memory of the requests it served (RFC 9458 section 6.5): each
/// request's `enc`, fresh for every request a client makes, kept until a replay of it
/// would be refused by its date anyway.
///
/// Kept in a file as well as in memory, so a request recorded before the backend
/// restarted is still refused after. A plain append-only file, one fixed-size record a
/// request, rewritten without the expired ones now and then: the only queries are
/// "have I seen this?" and "forget what has expired", so a database would bring a
/// dependency and nothing it could use. Each record is written (not flushed) before
/// the request is served, which survives the process dying by any signal; surviving a
/// power cut would take an fsync a request, and the window is minutes.
final class ReplayMemory: Sendable {
    enum Verdict: Equatable {
        case fresh
        case replayed
        /// As many requests are remembered as the gateway will hold, none of them expired.
        case full
        /// The record could not be written; serving would forget the request at a restart.
        case unrecorded(String)
    }

    /// The most requests remembered at once: about 60 MB at the worst.
    static let defaultCapacity = 1_000_000
    static let encapsulatedKeyByteCount = 32
    private static let recordByteCount = 8 + encapsulatedKeyByteCount

    let capacity: Int
    private let file: String?
    private let memory: Mutex<Memory>

    /// The memory as the file at `file` left it (expired records dropped); nil keeps it
    /// in memory alone.
    init(file: String?, capacity: Int = ReplayMemory.defaultCapacity, now: Int64) {
        self.file = file
        self.capacity = capacity
        var loaded = Memory()
        if let file, let bytes = FileManager.default.contents(atPath: file) {
            let records = Array(bytes)
            // A torn last record (the process died inside a write) is dropped.
            for start in stride(from: 0, to: records.count - Self.recordByteCount + 1, by: Self.recordByteCount) {
                let expiry = records[start..<start + 8].reduce(Int64(0)) { $0 << 8 | Int64($1) }
                if expiry >= now { loaded.remember(Array(records[start + 8..<start + Self.recordByteCount]), until: expiry) }
            }
        }
        if let file { loaded.rewrite(file) }
        self.memory = Mutex(loaded)
    }

    /// Whether the request whose `enc` is `key` may be served at `now`; a fresh one is
    /// remembered, on disk first, until `expiry`.
    func admit(_ key: [UInt8], until expiry: Int64, now: Int64) -> Verdict {
        guard key.count == Self.encapsulatedKeyByteCount else { return .unrecorded("an enc of \(key.count) bytes") }
        return memory.withLock { memory in
            if memory.expiries.count >= memory.nextSweep { memory.sweep(now: now, file: file) }
            if let seen = memory.expiries[key], seen >= now { return .replayed }
            if memory.expiries.count >= capacity {
                // Being full is never permanent: forget what has expired before refusing.
                memory.sweep(now: now, file: file)
                guard memory.expiries.count < capacity else { return .full }
            }
            // Remembered in memory even when the record cannot be written: the request
            // is refused, and a copy of it is not served by this process either.
            memory.remember(key, until: expiry)
            if let file, let failure = memory.append(key, until: expiry, to: file) { return .unrecorded(failure) }
            return .fresh
        }
    }

    private struct Memory {
        var expiries: [[UInt8]: Int64] = [:]
        /// Sweep once this many are remembered: twice what the last sweep kept.
        var nextSweep = 1024
        /// No entry expires before this, so sweeping sooner frees nothing.
        var earliestExpiry = Int64.max
        /// Records in the file, live or not; past twice the live ones it is rewritten.
        var recordsInFile = 0

        mutating func remember(_ key: [UInt8], until expiry: Int64) {
            expiries[key] = expiry
            earliestExpiry = min(earliestExpiry, expiry)
        }

        mutating func sweep(now: Int64, file: String?) {
            if earliestExpiry < now {
                expiries = expiries.filter { $0.value >= now }
                earliestExpiry = expiries.values.min() ?? .max
                if let file, recordsInFile > 2 * expiries.count + 1024 { rewrite(file) }
            }
            nextSweep = max(1024, expiries.count * 2)
        }

        /// The file anew with the live records only, replaced atomically.
        mutating func rewrite(_ file: String) {
            var bytes: [UInt8] = []
            bytes.reserveCapacity(expiries.count * ReplayMemory.recordByteCount)
            for (key, expiry) in expiries { bytes += Self.record(key, expiry) }
            if FileManager.default.createFile(atPath: file + ".new", contents: Data(bytes), attributes: [.posixPermissions: 0o600]),
               rename(file + ".new", file) == 0 {
                recordsInFile = expiries.count
            }
        }

        /// Appends one record; the reason when it could not be written whole.
        mutating func append(_ key: [UInt8], until expiry: Int64, to file: String) -> String? {
            let descriptor = open(file, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o600)
            guard descriptor >= 0 else { return String(cString: strerror(errno)) }
            defer { close(descriptor) }
            let record = Self.record(key, expiry)
            let written = record.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            guard written == record.count else {
                // A short write leaves a torn record, which a restart drops.
                return written < 0 ? String(cString: strerror(errno)) : "a short write"
            }
            recordsInFile += 1
            return nil
        }

        static func record(_ key: [UInt8], _ expiry: Int64) -> [UInt8] {
            (0..<8).reversed().map { UInt8(truncatingIfNeeded: expiry >> (8 * $0)) } + key
        }
    }
}
