import CLibCrypto

/// One HPKE encryption context (RFC 9180 section 5), base mode: the AEAD key, the base
/// nonce and the exporter secret its key schedule made, and the sequence number.
///
/// It cannot be copied: a copy would seal under the same sequence number again, and a
/// nonce used twice under one GCM key gives the key away.
public struct HPKEContext: ~Copyable, Sendable {
    public let suite: HPKESuite
    private let key: SecretBytes
    private let baseNonce: SecretBytes
    private let exporterSecret: SecretBytes
    private var sequence: UInt64 = 0

    /// `KeySchedule` in base mode (no PSK): everything derived from the KEM's shared
    /// secret and `info`, each under a label of its own.
    init(suite: HPKESuite, sharedSecret: [UInt8], info: [UInt8]) throws(CryptoError) {
        let id = suite.identifier
        let pskIDHash = try LabeledKDF.extract(suite: id, salt: [], label: "psk_id_hash", inputKeyMaterial: [])
        let infoHash = try LabeledKDF.extract(suite: id, salt: [], label: "info_hash", inputKeyMaterial: info)
        let scheduleContext = [0x00] + pskIDHash + infoHash
        var secret = try LabeledKDF.extract(suite: id, salt: sharedSecret, label: "secret", inputKeyMaterial: [])
        defer { secret.withUnsafeMutableBytes { OPENSSL_cleanse($0.baseAddress, $0.count) } }

        var key = try LabeledKDF.expand(suite: id, pseudorandomKey: secret, label: "key", info: scheduleContext, length: suite.aead.keyByteCount)
        var nonce = try LabeledKDF.expand(suite: id, pseudorandomKey: secret, label: "base_nonce", info: scheduleContext, length: suite.aead.nonceByteCount)
        var exporter = try LabeledKDF.expand(suite: id, pseudorandomKey: secret, label: "exp", info: scheduleContext, length: HKDFSHA256.hashByteCount)
        self.suite = suite
        self.key = SecretBytes(consuming: &key)
        self.baseNonce = SecretBytes(consuming: &nonce)
        self.exporterSecret = SecretBytes(consuming: &exporter)
    }

    /// `ciphertext || tag` of `plaintext`, under the next nonce.
    public mutating func seal(_ plaintext: [UInt8], associatedData: [UInt8] = []) throws(CryptoError) -> [UInt8] {
        let context = try OpaqueContext(encrypting: true, key: UnsafeBufferPointer(key.buffer), nonce: try nextNonce())
        return try GCM.seal(plaintext, associatedData: associatedData, in: context)
    }

    /// The plaintext of `sealed` under the next nonce, or an error and nothing. A message
    /// that does not open uses up no sequence number, as RFC 9180 section 5.2 says.
    public mutating func open(_ sealed: [UInt8], associatedData: [UInt8] = []) throws(CryptoError) -> [UInt8] {
        let nonce = try computeNonce(sequence)
        let context = try OpaqueContext(encrypting: false, key: UnsafeBufferPointer(key.buffer), nonce: nonce)
        let plaintext = try GCM.open(sealed, associatedData: associatedData, in: context)
        sequence += 1
        return plaintext
    }

    /// `Export` (RFC 9180 section 5.3): `length` bytes of secret bound to this context
    /// and `exporterContext`, e.g. Oblivious HTTP's response key.
    public func export(_ exporterContext: [UInt8], length: Int) throws(CryptoError) -> [UInt8] {
        try LabeledKDF.expand(
            suite: suite.identifier, pseudorandomKey: exporterSecret.bytes, label: "sec", info: exporterContext, length: length
        )
    }

    private mutating func nextNonce() throws(CryptoError) -> [UInt8] {
        let nonce = try computeNonce(sequence)
        sequence += 1
        return nonce
    }

    /// `base_nonce XOR I2OSP(seq, Nn)`: the sequence number fills the last 8 bytes.
    private func computeNonce(_ sequence: UInt64) throws(CryptoError) -> [UInt8] {
        guard sequence < UInt64.max else { throw .messageLimitReached }
        var nonce = baseNonce.bytes
        withUnsafeBytes(of: sequence.bigEndian) { counter in
            for index in 0..<8 { nonce[nonce.count - 8 + index] ^= counter[index] }
        }
        return nonce
    }
}
