/// How long a Binary HTTP message is made before it is encapsulated, so its size does
/// not name whom it is about: `/auth/me` is 193 bytes for emilys and 201 for michaelw.
///
/// Below 8 KiB every message is padded to the next multiple of 512 bytes: every account's
/// login, `/auth/me` and refresh, request and answer, fall in one or two buckets, at a
/// cost of at most 511 bytes. From 8 KiB on (product pages), Padmé (Nikitin et al.,
/// "Reducing Metadata Leakage from Encrypted Files and Communication with PURBs",
/// PETS 2019) keeps the overhead under 12% while leaking O(log log n) bits of the length;
/// at 8 KiB its granularity is the same 512 bytes, so the two rules meet without a seam.
public enum MessagePadding {
    static let smallBucket = 512
    static let padmeFrom = 8192

    /// The length a message of `length` bytes is padded to.
    public static func paddedLength(for length: Int) -> Int {
        guard length > 0 else { return smallBucket }
        guard length >= padmeFrom else { return (length + smallBucket - 1) / smallBucket * smallBucket }
        let exponent = Int.bitWidth - 1 - length.leadingZeroBitCount
        let exponentBits = Int.bitWidth - exponent.leadingZeroBitCount
        let mask = (1 << (exponent - exponentBits)) - 1
        return (length + mask) & ~mask
    }
}
