import Foundation
import Infrastructure
import Testing

/// The keyring store's session keys, as a test sees them from outside: by the name the
/// store gives them (`storefront:session:` and the data folder, CLI.md), in
/// `/proc/keys`, where the kernel lists every key this user can view.
public enum SessionKeys {
    /// Why this machine keeps no keys for this user (a container's seccomp filter, a
    /// kernel without keyrings), or nil where it does.
    public static let refusal: String? = {
        do {
            _ = try KernelKeyring().keyring()
            return nil
        } catch {
            return "\(error)"
        }
    }()

    /// Whether the keyring store can be tested here.
    public static var areUsable: Bool { refusal == nil }

    /// Why a keyring test skipped: said, never silent.
    public static var skipped: Comment {
        "skipped: this machine refuses kernel keyrings (\(refusal ?? "")); the keyring store exits 78 there"
    }

    /// The name the keyring store gives the session of `folder`.
    public static func name(for folder: String) -> String {
        "storefront:session:\(folder)"
    }

    /// `/proc/keys` whole, read to its end: it is made as it is read, its size says 0,
    /// and `String(contentsOfFile:)` stops after its first 4 KiB.
    public static func procKeys() -> String {
        guard let file = FileHandle(forReadingAtPath: "/proc/keys"), let bytes = try? file.readToEnd() else { return "" }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Whether `/proc/keys` lists a live key by that name.
    public static func listed(for folder: String) -> Bool {
        procKeys().split(separator: "\n").contains { $0.hasSuffix(" \(name(for: folder))") || $0.contains(" \(name(for: folder)): ") }
    }

    /// Waits until the kernel has destroyed the key of `folder`: an unlinked key goes
    /// on the kernel's garbage-collection thread, a moment later. Bounded by the
    /// test's time limit; true once it is gone.
    public static func gone(for folder: String) async -> Bool {
        while listed(for: folder) {
            if Task.isCancelled { return false }
            try? await Task.sleep(for: .milliseconds(5))
        }
        return true
    }

    /// Waits until no key is listed for `folder` or any folder inside it (a demo's
    /// throw-away data folder, say). Bounded by the test's time limit.
    public static func noneLeft(under folder: String) async -> Bool {
        let prefix = " \(name(for: folder))"
        while procKeys().contains(prefix) {
            if Task.isCancelled { return false }
            try? await Task.sleep(for: .milliseconds(5))
        }
        return true
    }

    /// Removes the session key of `folder`, if a test left one: what `logout` does.
    public static func remove(for folder: String) {
        guard let (ring, key) = key(for: folder) else { return }
        try? KernelKeyring().remove(key, from: ring)
    }

    /// The payload of the session key of `folder`: the session as the store kept it.
    public static func payload(for folder: String) -> String? {
        guard let (_, key) = key(for: folder), let bytes = try? KernelKeyring().read(key) else { return nil }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The keyring (found on this thread, as the store finds it) and the key of `folder`.
    private static func key(for folder: String) -> (ring: Int, key: Int)? {
        let keyring = KernelKeyring()
        guard let (ring, _) = try? keyring.keyring(), let key = try? keyring.find(name(for: folder), in: ring) else { return nil }
        return (ring, key)
    }
}
