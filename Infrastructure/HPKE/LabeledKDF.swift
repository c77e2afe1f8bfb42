/// RFC 9180 section 4's `LabeledExtract` and `LabeledExpand`: HKDF with every input
/// prefixed by the protocol's version and the suite, so no two uses of the KDF, in this
/// protocol or another, can ever be fed the same bytes.
enum LabeledKDF {
    private static let version = Array("HPKE-v1".utf8)

    static func extract(suite: [UInt8], salt: [UInt8], label: String, inputKeyMaterial: [UInt8]) throws(CryptoError) -> [UInt8] {
        // A copy of the input key material (a DH output, a shared secret): wiped after use.
        var labeled = version + suite + Array(label.utf8) + inputKeyMaterial
        defer { wipe(&labeled) }
        return try HKDFSHA256.extract(salt: salt, inputKeyMaterial: labeled)
    }

    static func expand(suite: [UInt8], pseudorandomKey: [UInt8], label: String, info: [UInt8], length: Int) throws(CryptoError) -> [UInt8] {
        guard let twoBytes = UInt16(exactly: length) else { throw .inputTooLarge(length) }
        let labeledInfo = HPKESuite.bigEndian(twoBytes) + version + suite + Array(label.utf8) + info
        return try HKDFSHA256.expand(pseudorandomKey: pseudorandomKey, info: labeledInfo, length: length)
    }
}
