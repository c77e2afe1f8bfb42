/// An AES-256-GCM message as it travels: the nonce, and the ciphertext with its tag appended.
public struct SealedMessage: Sendable, Equatable {
    public static let tagByteCount = 16

    public let nonce: GCMNonce
    /// `ciphertext || tag`, exactly as PROTOCOL.md sends it.
    public let ciphertextAndTag: [UInt8]

    public init(nonce: GCMNonce, ciphertextAndTag: [UInt8]) {
        self.nonce = nonce
        self.ciphertextAndTag = ciphertextAndTag
    }
}
