@testable import Infrastructure
import Testing

/// Known answers: PROTOCOL.md's vector and the AES-256 cases of the GCM specification
/// (McGrew and Viega, "The Galois/Counter Mode of Operation", test cases 13 to 16).
@Suite("AES-256-GCM known answers", .timeLimit(.minutes(1)))
struct GCMKnownAnswerTests {
    struct Vector: Sendable, CustomTestStringConvertible {
        let name: String
        let key: String
        let nonce: String
        let plaintext: String
        let associatedData: String
        let sealed: String
        var testDescription: String { name }
    }

    static let specificationKey = "feffe9928665731c6d6a8f9467308308feffe9928665731c6d6a8f9467308308"
    static let specificationPlaintext = """
        d9313225f88406e5a55909c5aff5269a86a7a9531534f7da2e4c303d8a318a72
        1c3c0c95956809532fcf0e2449a6b525b16aedf5aa0de657ba637b391aafd255
        """

    static let vectors: [Vector] = [
        Vector(
            name: "GCM test case 13: empty message, zero key",
            key: String(repeating: "00", count: 32), nonce: String(repeating: "00", count: 12),
            plaintext: "", associatedData: "",
            sealed: "530f8afbc74536b9a963b4f1c4cb738b"
        ),
        Vector(
            name: "GCM test case 14: one zero block, zero key",
            key: String(repeating: "00", count: 32), nonce: String(repeating: "00", count: 12),
            plaintext: String(repeating: "00", count: 16), associatedData: "",
            sealed: "cea7403d4d606b6e074ec5d3baf39d18" + "d0d1c8a799996bf0265b98b5d48ab919"
        ),
        Vector(
            name: "GCM test case 15: four blocks",
            key: specificationKey, nonce: "cafebabefacedbaddecaf888",
            plaintext: specificationPlaintext, associatedData: "",
            sealed: """
                522dc1f099567d07f47f37a32a84427d643a8cdcbfe5c0c97598a2bd2555d1aa
                8cb08e48590dbb3da7b08b1056828838c5f61e6393ba7a0abcc9f662898015ad
                b094dac5d93471bdec1a502270e3cc6c
                """
        ),
        Vector(
            name: "GCM test case 16: partial block with associated data",
            key: specificationKey, nonce: "cafebabefacedbaddecaf888",
            plaintext: String(specificationPlaintext.filter { !$0.isWhitespace }.prefix(120)),
            associatedData: "feedfacedeadbeeffeedfacedeadbeefabaddad2",
            sealed: """
                522dc1f099567d07f47f37a32a84427d643a8cdcbfe5c0c97598a2bd2555d1aa
                8cb08e48590dbb3da7b08b1056828838c5f61e6393ba7a0abcc9f662
                76fc6ece0f4e1768cddf8853bb2d551b
                """
        ),
    ]

    @Test("seals and opens the GCM specification's AES-256 cases", arguments: vectors)
    func specificationVector(_ vector: Vector) throws {
        let key = try #require(Hex.bytes(vector.key))
        let nonce = try #require(Hex.bytes(vector.nonce))
        let plaintext = try #require(Hex.bytes(vector.plaintext))
        let associatedData = try #require(Hex.bytes(vector.associatedData))
        let expected = try #require(Hex.bytes(vector.sealed))

        let sealed = try SealedLayerAEAD.seal(plaintext, associatedData: associatedData, key: key, nonce: nonce)

        #expect(Hex.string(sealed) == Hex.string(expected))
        #expect(try SealedLayerAEAD.open(sealed, associatedData: associatedData, key: key, nonce: nonce) == plaintext)
    }

    /// The old sealed layer's version 1 worked example, kept as one more known answer for
    /// the cipher alone.
    @Test("seals version 1's worked example byte for byte")
    func versionOneExample() throws {
        let key = Array(UInt8(0)...31)
        let nonce = [UInt8](repeating: 0, count: 12)
        let plaintext = Array(#"{"username":"emilys","password":"emilyspass"}"#.utf8)

        let sealed = try SealedLayerAEAD.seal(plaintext, associatedData: Array("POST /auth/login".utf8), key: key, nonce: nonce)

        #expect(sealed.count == 61)
        #expect(Hex.string(sealed) == """
            759ec0add05eeddc65cd8b0f3a49fcf0be3a257104a3104ef3edc4ecb79b7f6c\
            6c3a8bd5468bcb7652b002d7bc93494a301f992df209636072f67546e8
            """)
        #expect(Hex.string(Array(sealed.suffix(16))) == "93494a301f992df209636072f67546e8")
        #expect(try SealedLayerAEAD.open(sealed, associatedData: Array("POST /auth/login".utf8), key: key, nonce: nonce) == plaintext)
    }
}
