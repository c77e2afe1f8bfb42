#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What a signed-in client holds: the two tokens and whose they are. Opaque strings:
/// DummyJSON issues JWTs, but nothing here may depend on that.
public struct Session: Codable, Sendable, Equatable {
    public let accessToken: String
    public let refreshToken: String
    public let userID: Int

    public init(accessToken: String, refreshToken: String, userID: Int) {
        self.accessToken = accessToken
        self.refreshToken = refreshToken
        self.userID = userID
    }

    /// A session from tokens a server sent, or nil when they break `tokenRule`: the
    /// access token goes back in `Authorization: Bearer`, where swift-http-types would
    /// turn a line break into a space and every request would carry another token.
    init?(checkingAccessToken accessToken: String, refreshToken: String, userID: Int) {
        guard Self.isBearerToken(accessToken), !refreshToken.isEmpty else { return nil }
        self.init(accessToken: accessToken, refreshToken: refreshToken, userID: userID)
    }

    static let tokenRule = "the access token is not a bearer token (RFC 6750 b64token) or the refresh token is empty"

    /// RFC 6750's `b64token`: `1*( ALPHA / DIGIT / "-" / "." / "_" / "~" / "+" / "/" ) *"="`.
    static func isBearerToken(_ token: String) -> Bool {
        let bytes = Array(token.utf8)
        let padding = bytes.reversed().prefix { $0 == UInt8(ascii: "=") }.count
        let body = bytes.dropLast(padding)
        return !body.isEmpty && body.allSatisfy { byte in
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"): true
            case UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "+"), UInt8(ascii: "/"): true
            default: false
            }
        }
    }
}

extension Session: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    // Tokens are secrets: a stray print or log line must not carry them.
    public var description: String { "Session(userID: \(userID), tokens: <redacted>)" }
    public var debugDescription: String { description }
    public var customMirror: Mirror { Mirror(self, children: ["userID": userID]) }
}

/// How a session is kept, by any store: one JSON object, keys sorted. The store decides
/// where the bytes go (a file, a key); what they are and how they are read is said once.
extension Session {
    /// The bytes a store keeps for this session. Nil only if JSON cannot encode it.
    public var encoded: [UInt8]? {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return (try? encoder.encode(self)).map { [UInt8]($0) }
    }

    /// The session `bytes` hold, or nil when they are not one this client could have
    /// written. The decoding error is not passed on: it could quote the bytes, which
    /// hold tokens.
    public init?(encoded bytes: [UInt8]) {
        guard let decoded = try? JSONDecoder().decode(Session.self, from: Data(bytes)) else { return nil }
        self.init(checkingAccessToken: decoded.accessToken, refreshToken: decoded.refreshToken, userID: decoded.userID)
    }
}
