import CLibCrypto
import NIOConcurrencyHelpers

/// AES-256-GCM contexts that already hold one key's schedule, kept for reuse.
///
/// Setting a key up (allocating a context, expanding the key, deriving GCM's hash key)
/// costs about as much as sealing 4 KiB; a context reset with only a new nonce costs
/// almost nothing. A context serves one message at a time, so each is taken out of the
/// pool for the message and put back after; contexts beyond `capacity` are freed. Freeing
/// a context wipes the key schedule in it.
final class CipherContextPool: Sendable {
    /// Enough for the few messages in flight at once in the CLI or the backend.
    private static let capacity = 8

    /// Ready contexts: those set up to encrypt, and those set up to decrypt. Concurrent
    /// seals contend for it, so like `NonceSource`'s batch it is behind a pthread mutex,
    /// which ThreadSanitizer can follow.
    private let ready = NIOLockedValueBox<(encryptors: [OpaqueContext], decryptors: [OpaqueContext])>(([], []))

    /// A context set to `key` and `nonce`, for one message; hand it back with `recycle`.
    func take(encrypting: Bool, key: UnsafePointer<UInt8>?, nonce: [UInt8]) throws(CryptoError) -> OpaqueContext {
        let reused = ready.withLockedValue { pools in
            encrypting ? pools.encryptors.popLast() : pools.decryptors.popLast()
        }
        if let ready = reused {
            // Key schedule kept; only the nonce (and with it GCM's state) starts afresh.
            guard EVP_CipherInit_ex(ready.pointer, nil, nil, nil, nonce, encrypting ? 1 : 0) == 1 else {
                throw .libraryFailure("EVP_CipherInit_ex(nonce)")
            }
            return ready
        }
        return try OpaqueContext(encrypting: encrypting, key: key, nonce: nonce)
    }

    /// Puts a context back after a message that went well; one that failed is dropped.
    func recycle(_ context: OpaqueContext, encrypting: Bool) {
        ready.withLockedValue { pools in
            if encrypting, pools.encryptors.count < Self.capacity {
                pools.encryptors.append(context)
            } else if !encrypting, pools.decryptors.count < Self.capacity {
                pools.decryptors.append(context)
            }
        }
    }
}
