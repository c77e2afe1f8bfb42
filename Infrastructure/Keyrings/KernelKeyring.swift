import CSystemCalls
#if canImport(Glibc)
import Glibc
#endif

/// This user's keyring in the Linux key retention service (`man 7 keyrings`): secrets
/// kept by the kernel, never on disk, readable by nobody but their owner.
///
/// Which keyring: the persistent one (`man 7 persistent-keyring`), which outlives the
/// login session and expires three days after last use; or, where the kernel refuses
/// persistent keyrings, the user keyring, gone when the user's last process ends.
///
/// No handle is kept between calls. Each call finds the keyring again on the thread
/// it runs on: possession of the persistent keyring comes through the calling thread's
/// keyring, and Swift moves a task between threads at any `await`; a keyring id kept
/// from another thread is refused ("Permission denied").
public struct KernelKeyring: Sendable {
    /// The keyring the calls below use, found again on each call.
    public enum Kind: String, Sendable {
        case persistent
        case user
    }

    /// The permissions a key is given: all of them to a possessor (a process of this
    /// user holding the keyring), view to its owner, nothing to group or others.
    public static let ownerOnly: UInt32 = 0x3f01_0000

    /// What a key grants others than its possessor and owner: the group's and the
    /// others' bytes of the mask.
    public static let othersMask: UInt32 = 0x0000_ffff

    public init() {}

    /// The user this process runs as: a key's owner must be this one.
    public static var thisUser: UInt32 { UInt32(getuid()) }

    /// The keyring to use, with which kind it is: persistent where the kernel has it.
    public func keyring() throws(KeyringError) -> (id: Int, kind: Kind) {
        let persistent = storefront_persistent_keyring()
        if persistent >= 0 { return (persistent, .persistent) }
        let refusal = errno
        // EOPNOTSUPP: built without CONFIG_PERSISTENT_KEYRINGS. Anything else (ENOSYS,
        // EPERM from a container's seccomp filter) refuses keyrings altogether.
        guard refusal == EOPNOTSUPP else { throw KeyringError(operation: "keyctl(GET_PERSISTENT)", code: refusal) }
        let user = storefront_user_keyring()
        guard user >= 0 else { throw KeyringError(operation: "keyctl(GET_KEYRING_ID, user)", code: errno) }
        return (user, .user)
    }

    /// The id of the `user` key `description` in `keyring`, or nil when there is none.
    public func find(_ description: String, in keyring: Int) throws(KeyringError) -> Int? {
        let key = storefront_key_find(keyring, description)
        if key >= 0 { return key }
        let code = errno
        // ENOKEY: none; EKEYEXPIRED, EKEYREVOKED: one that can no longer be used.
        if code == ENOKEY || code == EKEYEXPIRED || code == EKEYREVOKED { return nil }
        throw KeyringError(operation: "keyctl(SEARCH)", code: code)
    }

    /// Puts `payload` in the key `description`: a new key, or the old one's payload
    /// replaced in one step. A new key gets the kernel's default permissions, which
    /// grant group and others nothing; set them with `setPermissions`.
    @discardableResult
    public func put(_ payload: [UInt8], as description: String, in keyring: Int) throws(KeyringError) -> Int {
        let key = payload.withUnsafeBytes { storefront_key_put(keyring, description, $0.baseAddress, $0.count) }
        guard key >= 0 else { throw KeyringError(operation: "add_key", code: errno) }
        return key
    }

    /// Sets the key's permission mask, e.g. `ownerOnly`.
    public func setPermissions(_ permissions: UInt32, of key: Int) throws(KeyringError) {
        guard storefront_key_set_permissions(key, permissions) == 0 else { throw KeyringError(operation: "keyctl(SETPERM)", code: errno) }
    }

    /// The key's payload.
    public func read(_ key: Int) throws(KeyringError) -> [UInt8] {
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let length = buffer.withUnsafeMutableBytes { storefront_key_read(key, $0.baseAddress, $0.count) }
            guard length >= 0 else { throw KeyringError(operation: "keyctl(READ)", code: errno) }
            if length <= buffer.count { return Array(buffer[..<length]) }
            buffer = [UInt8](repeating: 0, count: length)
        }
    }

    /// Who owns the key, and its permission mask.
    public func access(of key: Int) throws(KeyringError) -> (owner: UInt32, permissions: UInt32) {
        var owner: UInt32 = 0
        var permissions: UInt32 = 0
        guard storefront_key_access(key, &owner, &permissions) == 0 else { throw KeyringError(operation: "keyctl(DESCRIBE)", code: errno) }
        return (owner, permissions)
    }

    /// Takes the key out of `keyring`; the kernel destroys it with its last link.
    public func remove(_ key: Int, from keyring: Int) throws(KeyringError) {
        guard storefront_key_unlink(key, keyring) == 0 else {
            let code = errno
            if code == ENOKEY || code == ENOENT { return }
            throw KeyringError(operation: "keyctl(UNLINK)", code: code)
        }
    }
}

/// A key retention call that failed: which, and its `errno`.
public struct KeyringError: Error, Equatable, Sendable, CustomStringConvertible {
    public let operation: String
    public let code: Int32

    public init(operation: String, code: Int32) {
        self.operation = operation
        self.code = code
    }

    /// The user's key quota is used up (`/proc/sys/kernel/keys/maxkeys`, `maxbytes`).
    public var isQuotaExceeded: Bool { code == EDQUOT }

    public var description: String {
        "\(operation) failed: \(String(cString: strerror(code)))"
    }
}
