import Infrastructure

/// The session in the Linux kernel's key retention service: a `user` key in the
/// user's persistent keyring (or the user keyring where the kernel has no persistent
/// ones), named for the data folder. The tokens never touch the disk, other users
/// cannot read them, and they are gone after a reboot or three days unused.
///
/// The refresh lock is a lock file in the data folder (`session.lock`, as the file
/// store's): the keyring has no lock of its own, and `flock` is released by the kernel
/// when a holder dies. The file holds nothing secret.
public final class KeyringSessionStore: SessionStore {
    /// The key's description: the program and the data folder it serves, so two data
    /// folders keep two sessions, as with files.
    private let keyName: String
    private let folder: String
    private let keyring = KernelKeyring()

    /// The session of the data folder `directory`, whose `session.lock` is the lock.
    public init(directory: String) {
        keyName = "storefront:session:\(directory)"
        folder = directory
    }

    public func load() async throws(SessionStoreError) -> Session? {
        let bytes: [UInt8]
        do {
            guard let key = try ringAndKey().key else { return nil }
            try checkAccess(of: key)
            bytes = try payload(of: key)
        } catch {
            throw Self.storeError(error)
        }
        guard let session = Session(encoded: bytes) else {
            throw .damaged("the key \(keyName) does not hold a session; run `storefront logout` to remove it")
        }
        return session
    }

    public func save(_ session: Session) async throws(SessionStoreError) {
        guard let bytes = session.encoded else { throw .unavailable("the session cannot be encoded") }
        do {
            let (ring, _) = try keyring.keyring()
            let key = try keyring.put(bytes, as: keyName, in: ring)
            // Every time, not only for a new key: a key someone loosened is tightened
            // again by the next save, as a file is by its atomic replacement.
            try keyring.setPermissions(KernelKeyring.ownerOnly, of: key)
        } catch {
            throw Self.storeError(error)
        }
    }

    public func clear() async throws(SessionStoreError) {
        do {
            let (ring, key) = try ringAndKey()
            guard let key else { return }
            try remove(key, from: ring)
        } catch {
            throw Self.storeError(error)
        }
    }

    public func lockExclusively() async throws(SessionStoreError) -> any SessionLock {
        try await SessionFolder.lock(in: folder)
    }

    /// The keyring can be reached (a container may refuse it), and the key, if there
    /// is one, is this user's and grants nothing to group or others; the lock file
    /// beside it is the user's alone.
    public func checkPrivacy() async throws(SessionStoreError) {
        try SessionFolder.checkPrivacy(of: folder)
        do {
            if let key = try ringAndKey().key {
                try checkAccess(of: key)
            }
        } catch {
            throw Self.storeError(error)
        }
    }

    public func inspect() async -> SessionStoreReport {
        let ring: Int
        let kind: KernelKeyring.Kind
        do {
            (ring, kind) = try keyring.keyring()
        } catch {
            let why = error.isQuotaExceeded ? "this user's keyring quota is used up" : "keyrings are refused here"
            return SessionStoreReport(store: "keyring", holder: "key", location: "\(keyName): \(why)", permissions: nil, isPrivate: true, fix: nil)
        }
        let location = "\(keyName) in the \(kind.rawValue) keyring"
        guard let key = try? keyring.find(keyName, in: ring), let access = try? keyring.access(of: key) else {
            return SessionStoreReport(store: "keyring", holder: "key", location: location, permissions: nil, isPrivate: true, fix: nil)
        }
        let isPrivate = refusal(of: key, owner: access.owner, permissions: access.permissions) == nil
        return SessionStoreReport(
            store: "keyring", holder: "key", location: location,
            permissions: Self.hex(access.permissions), isPrivate: isPrivate,
            fix: isPrivate ? nil : Self.tightening(key)
        )
    }

    /// The keyring, found on this thread, and the session's key in it if there is one.
    private func ringAndKey() throws(KeyringStoreFailure) -> (ring: Int, key: Int?) {
        do {
            let (ring, _) = try keyring.keyring()
            return (ring, try keyring.find(keyName, in: ring))
        } catch {
            throw .keyring(error)
        }
    }

    private func remove(_ key: Int, from ring: Int) throws(KeyringStoreFailure) {
        do {
            try keyring.remove(key, from: ring)
        } catch {
            throw .keyring(error)
        }
    }

    /// The key's payload.
    private func payload(of key: Int) throws(KeyringStoreFailure) -> [UInt8] {
        do {
            return try keyring.read(key)
        } catch {
            throw .keyring(error)
        }
    }

    /// A key someone loosened (or another user's) is refused, as a loosened file is.
    private func checkAccess(of key: Int) throws(KeyringStoreFailure) {
        let access: (owner: UInt32, permissions: UInt32)
        do {
            access = try keyring.access(of: key)
        } catch {
            throw .keyring(error)
        }
        if let refusal = refusal(of: key, owner: access.owner, permissions: access.permissions) {
            throw .untrusted(refusal)
        }
    }

    /// The one rule a key is held to, as OpenSSH holds a private key file: this user's,
    /// and nothing granted to group or others. Why it is refused, or nil when private.
    private func refusal(of key: Int, owner: UInt32, permissions: UInt32) -> String? {
        if owner != KernelKeyring.thisUser {
            return "the key \(keyName) belongs to another user; remove it with `keyctl unlink \(key)` and log in again"
        }
        if permissions & KernelKeyring.othersMask != 0 {
            return "the key \(keyName) can be reached by other users (permissions \(Self.hex(permissions))); run `\(Self.tightening(key))` and try again"
        }
        return nil
    }

    /// The command that gives a key back its owner-only permissions.
    private static func tightening(_ key: Int) -> String {
        "keyctl setperm \(key) 0x\(hex(KernelKeyring.ownerOnly))"
    }

    private static func storeError(_ failure: KeyringStoreFailure) -> SessionStoreError {
        switch failure {
        case .untrusted(let reason): .untrusted(reason)
        case .keyring(let error): storeError(error)
        }
    }

    /// What a failed key retention call means for the session: a used-up quota is
    /// the user's to free; anything else leaves the store unusable, most often on a
    /// system that refuses keyrings (a container's seccomp filter does).
    static func storeError(_ error: KeyringError) -> SessionStoreError {
        if error.isQuotaExceeded {
            return .quotaExceeded("this user's kernel keyring quota is used up: \(error); `/proc/key-users` shows what this user holds")
        }
        return .unavailable("the kernel keyring cannot be used (\(error)); where keyrings are refused, as in many containers, use --session-store file")
    }

    private static func hex(_ value: UInt32) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: max(0, 8 - digits.count)) + digits
    }
}

/// Why the keyring store refused or failed, before it is put in the seam's words.
private enum KeyringStoreFailure: Error {
    case keyring(KeyringError)
    case untrusted(String)
}
