import CLibCrypto
import NIOConcurrencyHelpers
#if canImport(Glibc)
import Glibc
#endif

/// Random bytes for nonces, fetched from the CSPRNG 64 nonces at a time.
///
/// Each nonce is still 12 fresh random bytes; only the call to `RAND_bytes` is
/// shared, because at 16 KiB messages one call per nonce cost a sixth of the seal.
/// The batch belongs to the process that drew it: after a `fork` the child must not
/// hand out the nonces its parent will also use, so a changed pid discards it.
final class NonceSource: Sendable {
    static let shared = NonceSource()

    private static let batchNonces = 64

    private struct Batch {
        var bytes: [UInt8] = []
        var offset = 0
        var owner: pid_t = 0
    }

    /// Behind a pthread mutex rather than `Synchronization.Mutex`: every seal takes from
    /// this batch, so the lock is contended, and a contended `Mutex` waits in the kernel
    /// (a priority-inheriting futex) where ThreadSanitizer cannot see the hand-over and
    /// reports the batch as raced. TSan sees a pthread mutex, so the sanitizer run still
    /// checks every access here.
    private let batch = NIOLockedValueBox(Batch())

    /// `count` unpredictable bytes (at most one batch's worth), never handed out twice.
    func bytes(_ count: Int) throws(CryptoError) -> [UInt8] {
        let taken = batch.withLockedValue { batch -> [UInt8]? in
            let pid = getpid()
            if batch.owner != pid || batch.offset + count > batch.bytes.count {
                let size = max(count, Self.batchNonces * GCMNonce.byteCount)
                var fresh = [UInt8](repeating: 0, count: size)
                guard RAND_bytes(&fresh, Int32(size)) == 1 else { return nil }
                batch = Batch(bytes: fresh, offset: 0, owner: pid)
            }
            let taken = Array(batch.bytes[batch.offset..<(batch.offset + count)])
            // Cleared as it is handed out, so no nonce stays behind in the batch.
            for index in batch.offset..<(batch.offset + count) { batch.bytes[index] = 0 }
            batch.offset += count
            return taken
        }
        guard let taken else { throw .randomGenerationFailed }
        return taken
    }
}
