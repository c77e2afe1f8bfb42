@testable import Infrastructure
import Testing

/// The `Storefront-Seal` header: an RFC 9651 dictionary, read by its grammar.
@Suite("The Storefront-Seal header", .timeLimit(.minutes(1)))
struct SealHeaderTests {
    @Test("a request's header reads back as written, however a proxy spaces or orders it", arguments: [
        #"v=2, kid="k1", nonce=:AAAAAAAAAAAAAAAA:, t=1764104943"#,
        #"t=1764104943,nonce=:AAAAAAAAAAAAAAAA:,kid="k1",v=2"#,
        #"  v=2 ,   kid="k1";p=1, nonce=:AAAAAAAAAAAAAAAA:, t=1764104943, future=?1  "#,
    ])
    func reads(text: String) throws {
        let header = try SealHeader(parsing: text)
        #expect(header == SealHeader(keyID: "k1", nonce: try GCMNonce(bytes: [UInt8](repeating: 0, count: 12)), time: 1_764_104_943))
        #expect(header.fieldValue == #"v=2, kid="k1", nonce=:AAAAAAAAAAAAAAAA:, t=1764104943"#)
    }

    @Test("another version is named as such, whatever else the header holds", arguments: [#"v=1, kid="k1""#, "v=3", #"v=3, kid=1"#])
    func otherVersions(text: String) {
        #expect(throws: SealHeaderError.unsupportedVersion(text.hasPrefix("v=1") ? 1 : 3)) { _ = try SealHeader(parsing: text) }
    }

    @Test("what this version cannot read is malformed", arguments: [
        "", "v", #"v="2", kid="k1", nonce=:AAAAAAAAAAAAAAAA:"#, #"kid="k1", nonce=:AAAAAAAAAAAAAAAA:"#,
        #"v=2, nonce=:AAAAAAAAAAAAAAAA:"#, #"v=2, kid=k1, nonce=:AAAAAAAAAAAAAAAA:"#, #"v=2, kid="", nonce=:AAAAAAAAAAAAAAAA:"#,
        #"v=2, kid="a b", nonce=:AAAAAAAAAAAAAAAA:"#, #"v=2, kid="k1", nonce=:AAAAAAAA:"#, #"v=2, kid="k1", nonce="AAAAAAAAAAAAAAAA""#,
        #"v=2, kid="k1""#, #"v=2, kid="k1", nonce=:AAAAAAAAAAAAAAAA:, t=1.5"#, #"v=2, kid="k1", error=other"#,
        #"v=2, kid="k1", error="unknown-key""#, #"v=2, kid="k1", nonce=:AAAAAAAAAAAAAAAA:, v=3"#,
    ])
    func malformed(text: String) {
        #expect(throws: SealHeaderError.self) { _ = try SealHeader(parsing: text) }
    }

    @Test("a key refusal carries the id and no nonce")
    func refusal() throws {
        let header = try SealHeader(parsing: #"v=2, kid="old", error=unknown-key"#)
        #expect(header.refusal == .unknownKey && header.nonce == nil && header.keyID == "old")
        #expect(header.fieldValue == #"v=2, kid="old", error=unknown-key"#)
    }

    @Test("the fast reading takes exactly what fieldValue writes, and agrees with the grammar", arguments: [
        #"v=2, kid="k1", nonce=:AAECAwQFBgcICQoL:, t=1764104943"#, #"v=2, kid="k1", nonce=:AAECAwQFBgcICQoL:"#,
        #"v=2, kid="old", error=unknown-key"#,
    ])
    func fastReading(text: String) throws {
        let written = try #require(SealHeader.asWritten(text))
        #expect(written == (try SealHeader.parsedByGrammar(text)))
        #expect(written.fieldValue == text)
    }

    @Test("anything else goes to the grammar", arguments: [
        #"v=2,kid="k1",nonce=:AAECAwQFBgcICQoL:"#, #"kid="k1", v=2, nonce=:AAECAwQFBgcICQoL:"#, #"v=2, kid="k1", nonce=:AAECAwQFBgcICQoL:, t=-1"#,
        #"v=2, kid="k1", nonce=:AAECAwQFBgcICQoL:, t=1, x=1"#, #"v=3, kid="k1", nonce=:AAECAwQFBgcICQoL:"#, #" v=2, kid="k1", nonce=:AAECAwQFBgcICQoL:"#,
        #"v=2, kid="k1", nonce=:AAECAwQFBgcI CQoL:"#, #"v=2, kid="k 1", nonce=:AAECAwQFBgcICQoL:"#, #"v=2, kid="k1", nonce=:AAECAwQFBgcICQoL:, t=1234567890123456"#,
    ])
    func grammarReading(text: String) {
        #expect(SealHeader.asWritten(text) == nil)
    }
}
