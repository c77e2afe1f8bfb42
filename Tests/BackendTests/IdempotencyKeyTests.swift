@testable import Backend
import Testing

@Suite("An Idempotency-Key header read as a Structured Field String", .timeLimit(.minutes(1)))
struct IdempotencyKeyTests {
    @Test("a quoted string of printable ASCII, its escapes read; anything else is no key", arguments: [
        (#""8e03978e-40d5-43e8-bc93-6894a57f9324""#, "8e03978e-40d5-43e8-bc93-6894a57f9324"),
        (#"  "k1"  "#, "k1"),
        (#""a \"b\" \\ c""#, #"a "b" \ c"#),
        ("\"" + String(repeating: "k", count: 255) + "\"", String(repeating: "k", count: 255)),
        ("\"" + String(repeating: "k", count: 256) + "\"", nil),
        ("k1", nil),
        (#""""#, nil),
        (#"""#, nil),
        (#""k1";a=1"#, nil),
        (#""k1", "k2""#, nil),
        (#""a"b""#, nil),
        (#""a\b""#, nil),
        (#""a\""#, nil),
        ("\"caf\u{E9}\"", nil),
        ("\"tab\there\"", nil),
    ] as [(String, String?)])
    func reads(header: String, key: String?) {
        #expect(IdempotencyKey(header: header)?.value == key)
    }
}
