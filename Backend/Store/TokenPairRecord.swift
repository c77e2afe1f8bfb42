/// A token pair as the store keeps it: each token's digest and expiry (seconds since 1970).
public struct TokenPairRecord: Sendable {
    public let accessDigest: [UInt8]
    public let accessExpires: Int64
    public let refreshDigest: [UInt8]
    public let refreshExpires: Int64

    public init(accessDigest: [UInt8], accessExpires: Int64, refreshDigest: [UInt8], refreshExpires: Int64) {
        self.accessDigest = accessDigest
        self.accessExpires = accessExpires
        self.refreshDigest = refreshDigest
        self.refreshExpires = refreshExpires
    }
}
