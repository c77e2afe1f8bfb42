import Foundation
import TestSupport
import Testing

/// A hostile server's text reaches the terminal only as harmless escapes: titles,
/// brands, names and messages with escape sequences, BEL, DEL and C1 controls.
@Suite("Terminal escape injection", .serialized, .timeLimit(.minutes(5)))
struct HostileTextTests {
    private static let hostile = "\u{1B}]0;pwned\u{07}\u{1B}[2J\u{9B}31m\u{7F}"

    /// The text as a JSON string literal, quotes included (C0 escaped, DEL and C1 raw).
    private static func literal(_ text: String) -> String {
        (try? JSONEncoder().encode(text)).map { String(decoding: $0, as: UTF8.self) } ?? "\"\""
    }

    @Test("no escape byte reaches standard output or error, in human or JSON output")
    func noEscapeReachesTheTerminal() async throws {
        let json = Self.literal(Self.hostile)
        let server = try LoopbackHTTPServer { request in
            switch request.target {
            case "/auth/login":
                .respond(status: 200, headers: ["Content-Type": "application/json"], body: Array("""
                    {"id":1,"username":"emilys","email":"e@x","firstName":\(json),"lastName":"J",
                     "accessToken":"a","refreshToken":"r"}
                    """.utf8))
            case let target where target.hasPrefix("/auth/products/search"):
                .respond(status: 200, headers: ["Content-Type": "application/json"], body: Array("""
                    {"products":[{"id":1,"title":\(json),"description":"d","category":"c","price":1,
                      "discountPercentage":0,"rating":1,"stock":1,"brand":\(json)}],"total":1,"skip":0,"limit":1}
                    """.utf8))
            default:
                .respond(status: 500, headers: ["Content-Type": "application/json"], body: Array(#"{"message":\#(json)}"#.utf8))
            }
        }
        defer { server.stop() }
        var cli = try CLI(backend: nil, key: nil)
        cli.environment["STOREFRONT_BASE_URL"] = server.baseURL.absoluteString

        let results = [
            try await cli.run(["login", "--username", "emilys", "--password-stdin"], input: "pw\n"),
            try await cli.run(["search", "phone"]),
            try await cli.run(["search", "phone", "--json"]),
            try await cli.run(["whoami", "--verbose"]),
        ]

        for result in results {
            let bytes = Array((result.standardOutput + result.standardError).unicodeScalars)
            #expect(!bytes.contains { $0.value == 0x1B || $0.value == 0x07 || $0.value == 0x7F || $0.value == 0x9B }, "\(result.everything)")
        }
        #expect(results[0].status == 0, "\(results[0].everything)")
        #expect(results[1].standardOutput.contains(#"\u001b]0;pwned"#))
        let document = try JSONSerialization.jsonObject(with: Data(results[2].standardOutput.utf8)) as? [String: Any]
        let title = ((document?["products"] as? [[String: Any]])?.first?["title"]) as? String
        #expect(title == Self.hostile, "the JSON document must still carry the text itself")
    }
}
