import CLibCrypto

/// Key material in memory of its own, never moved or copied by the array machinery and
/// cleansed (`OPENSSL_cleanse`, which the compiler may not drop) when the last holder
/// lets go. HPKE's keys, nonces and exporter secrets live here, not in arrays.
final class SecretBytes: Sendable {
    /// Written once in `init`, then only read.
    nonisolated(unsafe) let buffer: UnsafeMutableBufferPointer<UInt8>

    init(_ bytes: some Collection<UInt8>) {
        buffer = .allocate(capacity: bytes.count)
        _ = buffer.initialize(from: bytes)
    }

    /// Takes `bytes` and wipes the caller's copy.
    convenience init(consuming bytes: inout [UInt8]) {
        self.init(bytes)
        bytes.withUnsafeMutableBytes { OPENSSL_cleanse($0.baseAddress, $0.count) }
    }

    var count: Int { buffer.count }

    /// A copy as an array, for a value libcrypto takes by pointer only briefly: the caller
    /// wipes it.
    var bytes: [UInt8] { Array(buffer) }

    deinit {
        OPENSSL_cleanse(buffer.baseAddress, buffer.count)
        buffer.deallocate()
    }
}

/// Overwrites `bytes` with zeros in a way the compiler may not drop (`OPENSSL_cleanse`):
/// for the short-lived array copies of a secret that libcrypto's calls take and give
/// (a Diffie-Hellman output, a pseudorandom key, a private scalar on its way in).
func wipe(_ bytes: inout [UInt8]) {
    bytes.withUnsafeMutableBytes { OPENSSL_cleanse($0.baseAddress, $0.count) }
}
