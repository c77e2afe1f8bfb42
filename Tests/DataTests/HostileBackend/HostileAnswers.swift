import Foundation
import Infrastructure

/// Seeded answers a broken or hostile store backend could give, at the level of HTTP
/// statuses and JSON values (the byte level is MangledAnswerTests' job): numbers at and
/// past the edges, wrong types, missing fields, terminal escapes, lying totals, and the
/// statuses that send the client down its refresh and retry paths.
struct HostileAnswers {
    /// What the backend does for one round.
    struct Plan: Sendable {
        /// The answer to the GET (search or /auth/me).
        let reading: Answer
        /// The answer to POST /auth/refresh, should a 401 lead the client there.
        let refresh: Answer
        /// The tokens a well-formed refresh answer carries, to recognise them in the session.
        let issuedTokens: IssuedTokens?
    }

    struct IssuedTokens: Sendable {
        let access: String
        let refresh: String
    }

    enum Answer: Sendable {
        case json(status: Int, body: String, headers: [String: String] = [:])
        case raw([UInt8])
    }

    private var random: SplitMix64
    private var round = 0

    init(seed: UInt64) {
        random = SplitMix64(seed: seed)
    }

    mutating func plan(search: Bool) -> Plan {
        round += 1
        let reading = search ? answer(body: page()) : answer(body: user())
        let issued = IssuedTokens(access: "access-\(round)", refresh: "refresh-\(round)")
        switch pick(8) {
        case 0, 1, 2:
            let body = #"{"accessToken":"\#(issued.access)","refreshToken":"\#(issued.refresh)"}"#
            return Plan(reading: reading, refresh: .json(status: 200, body: body), issuedTokens: issued)
        case 3:
            return Plan(reading: reading, refresh: .json(status: pick([401, 403]), body: #"{"message":"Invalid refresh token"}"#), issuedTokens: nil)
        case 4:
            return Plan(reading: reading, refresh: .json(status: pick([500, 502, 503, 429, 404, 302]), body: ""), issuedTokens: nil)
        case 5:
            let body = pick([#"{"accessToken":""}"#, "[]", "null", #"{"accessToken":7,"refreshToken":[]}"#, "{"])
            return Plan(reading: reading, refresh: .json(status: 200, body: body), issuedTokens: nil)
        case 6:
            let cut = Array("HTTP/1.1 200 OK\r\nContent-Length: 90\r\nConnection: close\r\n\r\n{\"accessToken\":\"cut".utf8)
            return Plan(reading: reading, refresh: .raw(cut), issuedTokens: nil)
        default:
            return Plan(reading: reading, refresh: .json(status: 403, body: ""), issuedTokens: nil)
        }
    }

    private mutating func answer(body: String) -> Answer {
        switch pick(20) {
        case 0, 1:
            return .json(status: 401, body: #"{"message":"Token Expired!"}"#)
        case 2:
            return .json(status: pick([403, 404, 409, 418, 429, 500]), body: pick(["", "{}", #"{"message":"\#(hostileText())"}"#]))
        case 3:
            return .json(status: pick([502, 503, 504]), body: "")
        case 4:
            return .json(status: pick([301, 302, 307]), body: "")
        case 5:
            let lying = "HTTP/1.1 200 OK\r\nContent-Length: \(body.utf8.count + 10)\r\nConnection: close\r\n\r\n\(body)"
            return .raw(Array(lying.utf8))
        case 6:
            return .json(status: 200, body: String(body.prefix(pick(max(1, body.count)))))
        case 7:
            return .json(status: 204, body: "")
        case 8:
            // "Not modified", whether or not anything was asked conditionally.
            return .json(status: 304, body: "", headers: cachingHeaders())
        default:
            return .json(status: 200, body: body, headers: cachingHeaders())
        }
    }

    /// Freshness and tags at and past their edges: huge or negative ages, a tag with an
    /// escape in it, or nothing at all.
    private mutating func cachingHeaders() -> [String: String] {
        guard pick(3) == 0 else { return [:] }
        var headers: [String: String] = [:]
        headers["Cache-Control"] = pick([
            "private, max-age=30", "max-age=99999999999999999999", "max-age=-5", "no-store", "no-cache", "max-age=\"7\"", "", "max-age",
        ])
        headers["ETag"] = pick([#""v1""#, #"W/"v1""#, "", "\u{1B}[2J", #""\#(String(repeating: "e", count: 5_000))""#])
        return headers
    }

    private mutating func page() -> String {
        let count = pick([0, 1, 2, 3, 10, 101])
        var products: [String] = []
        for _ in 0..<count { products.append(product()) }
        var fields = [
            #""products":[\#(products.joined(separator: ","))]"#,
            #""total":\#(number(usual: "\(count + pick(50))"))"#,
            #""skip":\#(number(usual: "0"))"#,
            #""limit":\#(number(usual: "10"))"#,
        ]
        if pick(12) == 0 { fields.remove(at: pick(fields.count)) }
        if pick(15) == 0 { fields[0] = pick([#""products":{}"#, #""products":null"#, #""products":"x""#]) }
        return "{" + fields.joined(separator: ",") + "}"
    }

    private mutating func product() -> String {
        var fields = [
            #""id":\#(number(usual: "\(1 + pick(200))"))"#,
            #""title":\#(text(usual: "Phone \(pick(99))"))"#,
            #""category":\#(text(usual: "smartphones"))"#,
            #""price":\#(number(usual: "\(pick(2000)).99"))"#,
            #""rating":\#(number(usual: "4.5"))"#,
            #""stock":\#(number(usual: "\(pick(100))"))"#,
        ]
        if pick(3) == 0 { fields.append(#""brand":\#(pick([text(usual: "Apple"), "null"]))"#) }
        if pick(10) == 0 { fields.remove(at: pick(fields.count)) }
        return "{" + fields.joined(separator: ",") + "}"
    }

    private mutating func user() -> String {
        var fields = [
            #""id":\#(number(usual: "1"))"#,
            #""username":\#(text(usual: "emilys"))"#,
            #""email":\#(text(usual: "emily@example.invalid"))"#,
            #""firstName":\#(text(usual: "Emily"))"#,
            #""lastName":\#(text(usual: "Johnson"))"#,
        ]
        if pick(8) == 0 { fields.remove(at: pick(fields.count)) }
        return "{" + fields.joined(separator: ",") + "}"
    }

    /// Usually `usual`; otherwise a number at or past an edge, or not a number at all.
    private mutating func number(usual: String) -> String {
        guard pick(4) == 0 else { return usual }
        return pick([
            "-1", "0", "9223372036854775807", "-9223372036854775808", "9223372036854775808", "1e400", "-1e400",
            "1.5", "1e-400", "92233720368547758.07", "\"12\"", "null", "true", "[]", "{}", "0.1e309",
        ])
    }

    private mutating func text(usual: String) -> String {
        guard pick(5) == 0 else { return "\"\(usual)\"" }
        return pick([
            "\"\"", "\"\(hostileText())\"", "\"\(String(repeating: "W", count: 20_000))\"", "null", "42",
            #""\ud800""#, #""e\u0301\u200b\u202e""#,
        ])
    }

    /// Terminal escapes a server could slip into a title or message, JSON-escaped.
    private mutating func hostileText() -> String {
        pick([
            #"\u001b]0;owned\u0007"#, #"\u001b[2J\u001b[H"#, #"bell\u0007"#, #"c1\u0085\u009b31m"#,
            #"del\u007f"#, #"nul\u0000"#, #"line\nbreak\r"#,
        ])
    }

    private mutating func pick(_ upperBound: Int) -> Int {
        Int(random.next() % UInt64(upperBound))
    }

    private mutating func pick<Element>(_ choices: [Element]) -> Element {
        choices[pick(choices.count)]
    }
}
