import Data
import HTTPTypes
import Testing

/// The one door from an HTTP stack's answer to swift-http-types' response: both adapters
/// go through it, so what it refuses, both refuse.
@Suite("Response head from an adapter", .timeLimit(.minutes(1)))
struct ResponseHeadTests {
    @Test("fields keep their order and case-free lookup; repeated ones read as one list")
    func fields() throws {
        let head = try ResponseHead.checked(status: 200, fields: [
            ("Cache-Control", "private"), ("content-type", "application/json"), ("cache-control", "max-age=30"),
        ])
        #expect(head.status == .ok)
        #expect(head.headerFields[.contentType] == "application/json")
        #expect(head.headerFields[.cacheControl] == "private, max-age=30")
    }

    @Test("a status outside 100–599 is not HTTP", arguments: [0, 99, 600, 999])
    func statusRange(status: Int) {
        #expect(throws: TransportError.malformedResponse(reason: "status \(status), which is not an HTTP status")) {
            _ = try ResponseHead.checked(status: status, fields: [])
        }
    }

    @Test("a field that is not a token, or whose value is not text, is refused, never repaired", arguments: [
        ("X-IV", "AAAA\u{FFFD}AAAA"), ("X-IV", "AAAA\nAAAA"), ("X-IV", "A\u{0}"), ("Bad Name", "x"), ("", "x"),
    ])
    func badFields(name: String, value: String) {
        #expect(throws: TransportError.self) {
            _ = try ResponseHead.checked(status: 200, fields: [(name, value)])
        }
    }

    @Test("a redirect is refused with where it pointed; 304 is not a redirect")
    func redirects() throws {
        #expect(throws: TransportError.redirected(status: 302, location: "http://elsewhere/")) {
            _ = try ResponseHead.checked(status: 302, fields: [("Location", "http://elsewhere/")])
        }
        #expect(throws: TransportError.redirected(status: 307, location: nil)) {
            _ = try ResponseHead.checked(status: 307, fields: [])
        }
        #expect(try ResponseHead.checked(status: 304, fields: []).status == .notModified)
    }
}
