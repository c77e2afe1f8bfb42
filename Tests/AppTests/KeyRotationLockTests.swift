import AppShared
import Foundation
import Infrastructure
import Synchronization
import TestSupport
import Testing

/// `serve --rotate-key` reads the ring, adds a key and writes it back; two at once would
/// each write their own, and the key the first made, already handed to clients, would
/// be lost. A rotation holds a lock beside the ring from its read to its write.
@Suite("A key rotation under its lock", .timeLimit(.minutes(1)))
struct KeyRotationLockTests {
    @Test("a rotation waits for another one under way, and keeps the key that one made")
    func waitsForTheOther() async throws {
        let folder = try TemporaryDirectory()
        let ringFile = folder.file("ring.jwks")
        let first = try GatewayKeyRing(current: try GatewayKeyRing.freshKey(after: nil))
        try GatewayKeyFile.write(first, to: ringFile)

        // Another rotation under way: it holds the lock and has read the ring.
        let lockPath = KeyFile.rotationLockPath(forRing: ringFile)
        let other = try await FileLock.exclusive(at: lockPath)
        let finished = Atomic(false)
        let rotation = Task {
            defer { finished.store(true, ordering: .sequentiallyConsistent) }
            return try await KeyFile.rotate(ringFile: ringFile, previousLifetime: 3_600, now: Date())
        }
        let blocked = try await Self.waitUntilBlocked(onLockAt: lockPath) { finished.load(ordering: .sequentiallyConsistent) }
        #expect(blocked, "the rotation went ahead while another held the lock")

        // The other rotation writes its ring, then lets go.
        let others = try first.rotated(previousLifetime: 3_600, at: Int64(Date().timeIntervalSince1970))
        try GatewayKeyFile.write(others, to: ringFile)
        other.release()
        let ring = try await rotation.value.ring
        #expect(ring.entries.map(\.key.configuration).contains(others.current.configuration), "the other rotation's key was lost")
    }

    /// True once the kernel lists a process waiting for the lock on `path` (a `->` line of
    /// /proc/locks naming its inode); false if `finished` comes true first.
    private static func waitUntilBlocked(onLockAt path: String, finished: () -> Bool) async throws -> Bool {
        let inode = try #require((try FileManager.default.attributesOfItem(atPath: path)[.systemFileNumber] as? NSNumber)?.uint64Value)
        while !finished() {
            let locks = try String(contentsOfFile: "/proc/locks", encoding: .utf8)
            if locks.split(separator: "\n").contains(where: { $0.contains("->") && $0.contains(":\(inode) ") }) { return true }
            try await Task.sleep(for: .milliseconds(5))
        }
        return false
    }
}
