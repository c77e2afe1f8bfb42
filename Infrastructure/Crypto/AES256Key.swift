import CLibCrypto
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A 256-bit AES key. It can only exist with exactly 32 bytes, it never prints them,
/// and it wipes them when the last copy of the key goes away.
public struct AES256Key: Sendable, Equatable {
    public static let byteCount = 32
    /// Standard base64 of 32 bytes: 43 data characters and one `=`, as version 1 of the
    /// sealed layer wrote a bare key (refused now, with a sentence saying why).
    public static let base64Length = 44

    private let storage: KeyStorage

    /// Fails unless exactly 32 bytes are given.
    public init(bytes: some Collection<UInt8>) throws(CryptoError) {
        guard bytes.count == AES256Key.byteCount else {
            throw .invalidKeyLength(bytes.count)
        }
        storage = KeyStorage(bytes)
    }

    /// A cipher context with this key's schedule and `nonce`, from the key's pool.
    func takeContext(encrypting: Bool, nonce: GCMNonce) throws(CryptoError) -> OpaqueContext {
        try storage.contexts.take(encrypting: encrypting, key: UnsafePointer(storage.buffer.baseAddress), nonce: nonce.bytes)
    }

    /// Sets a context up ahead of a message, so the cost of libcrypto's first use (its
    /// configuration, the provider's tables, the cipher's fetch: about a millisecond)
    /// falls where the caller is waiting anyway, such as on a request in flight.
    public func prepare(encrypting: Bool) {
        guard let nonce = try? GCMNonce(bytes: [UInt8](repeating: 0, count: GCMNonce.byteCount)),
              let context = try? takeContext(encrypting: encrypting, nonce: nonce) else { return }
        // Set to a nonce that never seals anything: the next message sets its own.
        recycle(context, encrypting: encrypting)
    }

    /// Hands a context back after a message that went well, for the next one.
    func recycle(_ context: OpaqueContext, encrypting: Bool) {
        storage.contexts.recycle(context, encrypting: encrypting)
    }

    public static func == (lhs: AES256Key, rhs: AES256Key) -> Bool {
        CRYPTO_memcmp(lhs.storage.buffer.baseAddress, rhs.storage.buffer.baseAddress, byteCount) == 0
    }

    /// A fresh key from the secure random generator.
    public static func random() throws(CryptoError) -> AES256Key {
        var fresh = try SecureRandom.bytes(byteCount)
        defer { fresh.withUnsafeMutableBytes { OPENSSL_cleanse($0.baseAddress, $0.count) } }
        return try AES256Key(bytes: fresh)
    }

    /// The key as standard base64, for writing a key file the user owns. Handle with care.
    public var base64EncodedString: String {
        Data(storage.buffer).base64EncodedString()
    }
}

extension AES256Key: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    public var description: String { "AES256Key(<redacted>)" }
    public var debugDescription: String { description }
    public var customMirror: Mirror { Mirror(self, children: []) }
}

/// The key's 32 bytes in memory of their own, never moved or copied by the array
/// machinery, and cleansed (`OPENSSL_cleanse`, which the compiler may not drop) on release.
private final class KeyStorage: Sendable {
    /// Written once in `init`, then only read.
    nonisolated(unsafe) let buffer: UnsafeMutableBufferPointer<UInt8>
    /// Contexts holding this key's schedule; freed, and so wiped, with the key.
    let contexts = CipherContextPool()

    init(_ bytes: some Collection<UInt8>) {
        buffer = .allocate(capacity: bytes.count)
        _ = buffer.initialize(from: bytes)
    }

    deinit {
        OPENSSL_cleanse(buffer.baseAddress, buffer.count)
        buffer.deallocate()
    }
}
