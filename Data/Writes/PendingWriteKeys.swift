#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Infrastructure

/// The idempotency keys of writes whose outcome is unknown, kept so that the same
/// command run again sends the same key, and the store does the write at most once
/// (PROTOCOL.md, `POST /auth/carts/add`). One private file a write in `directory`, named
/// by the write's fingerprint (who sends what, where), holding its key and when it was
/// first sent. A key is sent again for an hour from then, well within the day the bundled
/// backend keeps keys; after it, or once the write's outcome is known, it is forgotten.
public struct PendingWriteKeys: Sendable {
    /// A write's key, and when the write was first sent with it.
    struct Key: Equatable {
        let value: UUID
        let firstSent: Date
    }

    private let directory: String
    private let clock: any WallClock

    /// How long a kept key is sent again, from the write's first send.
    public static let lifetime: TimeInterval = 3_600

    public init(directory: String, clock: any WallClock) {
        self.directory = directory
        self.clock = clock
    }

    /// The key to send for the write `fingerprint` names: the kept one within its hour,
    /// else a new one, first sent now. A kept file that does not read is as good as none.
    func key(for fingerprint: String) -> Key {
        let now = clock.now
        let kept = (try? PrivateFiles.read(at: path(fingerprint), maximumBytes: 256)).flatMap { $0.flatMap(Self.parse) }
        if let kept, Self.isReusable(kept, now: now) { return kept }
        return Key(value: UUID(), firstSent: now)
    }

    /// Whether `kept` is sent again at `now`: within its hour. A first send dated after
    /// `now` (the clock went back) is still within it.
    static func isReusable(_ kept: Key, now: Date) -> Bool {
        now.timeIntervalSince(kept.firstSent) < lifetime
    }

    /// Keeps `key` for the write `fingerprint` names: its outcome is unknown. Keys past
    /// their hour go first, so the folder holds only what may still be sent.
    func keep(_ key: Key, for fingerprint: String) throws(FileSystemError) {
        try PrivateFiles.createDirectory(at: directory)
        forgetExpired()
        let text = "\(key.value.uuidString.lowercased()) \(Int64(key.firstSent.timeIntervalSince1970.rounded(.down)))\n"
        try PrivateFiles.writeAtomically(Array(text.utf8), to: path(fingerprint))
    }

    /// Removes every kept key past its hour, and every file that is no kept key.
    private func forgetExpired() {
        let now = clock.now
        for name in (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? [] {
            let kept = (try? PrivateFiles.read(at: path(name), maximumBytes: 256)).flatMap { $0.flatMap(Self.parse) }
            if kept.map({ !Self.isReusable($0, now: now) }) ?? true { forget(name) }
        }
    }

    /// Forgets the key of the write `fingerprint` names: its outcome is known.
    func forget(_ fingerprint: String) {
        try? PrivateFiles.remove(at: path(fingerprint))
    }

    private func path(_ fingerprint: String) -> String {
        directory + "/" + fingerprint
    }

    /// `UUID SECONDS`, as `keep` writes it.
    static func parse(_ bytes: [UInt8]) -> Key? {
        let parts = String(decoding: bytes, as: UTF8.self).split(whereSeparator: \.isWhitespace)
        guard parts.count == 2, let value = UUID(uuidString: String(parts[0])), let seconds = Int64(parts[1]) else { return nil }
        return Key(value: value, firstSent: Date(timeIntervalSince1970: TimeInterval(seconds)))
    }
}
