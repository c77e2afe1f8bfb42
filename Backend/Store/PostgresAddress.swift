import Foundation

/// Where a PostgreSQL database is, read from a connection URI as libpq writes one
/// (`postgres://user:password@host:5432/database?sslmode=require`): what `serve
/// --database` and `STOREFRONT_DATABASE` take. Its description leaves the password out,
/// so it can be shown and logged, and no sentence about a URI repeats its text.
public struct PostgresAddress: Sendable, Equatable, CustomStringConvertible {
    /// A host name or address, or, starting with `/`, the folder of the server's Unix
    /// socket (libpq's rule), as `?host=/path` gives it.
    public var host: String
    public var port: Int
    public var user: String
    public var password: String?
    public var database: String
    /// libpq's `sslmode`: none by default, as on loopback and a Unix socket.
    public var tls: TLSMode

    /// Whether the connection is encrypted. `prefer` and `allow` are refused: each falls
    /// back to plaintext when an attacker on the path says the server has no TLS.
    public enum TLSMode: String, Sendable, CaseIterable {
        case disable
        /// TLS, its certificate checked against the system's trust and the host name:
        /// NIO checks both for `require` too, so `require` is `verify-full`.
        case require
        case verifyFull = "verify-full"
    }

    /// The query parameters read; any other is refused by name, as one ignored could be
    /// a setting (`ssl=true`) the operator believes in force.
    static let parameters: Set<String> = ["sslmode", "host", "port"]

    public init(host: String, port: Int, user: String, password: String?, database: String, tls: TLSMode) {
        (self.host, self.port, self.user, self.password, self.database, self.tls) = (host, port, user, password, database, tls)
    }

    public init(uri text: String) throws(UnreadableDatabaseURI) {
        guard StoreDatabaseKind(naming: text) == .postgresql else {
            throw UnreadableDatabaseURI(description: "it is not a postgres:// URI")
        }
        guard let components = URLComponents(string: text) else {
            throw UnreadableDatabaseURI(description: "it is not a URI that can be read; percent-encode any / ? # @ : or % in the user name or password")
        }
        let query = components.percentEncodedQueryItems ?? []
        // An `@` after the `?` is a password's `?` left unencoded, which moved the rest of
        // the password into the query: refused without a word of it.
        if components.percentEncodedQuery?.contains("@") == true || components.percentEncodedFragment != nil {
            throw UnreadableDatabaseURI(description: "it is not a URI that can be read; percent-encode any / ? # @ : or % in the user name or password")
        }
        if let unknown = query.first(where: { !Self.parameters.contains($0.name) }) {
            // Named only when it reads as a parameter's name, never as a part of a secret.
            let named = unknown.name.count <= 32 && unknown.name.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }
            throw UnreadableDatabaseURI(description: (named ? "the parameter \(unknown.name)" : "a parameter") + " is not one this reads ("
                + Self.parameters.sorted().joined(separator: ", ") + ")")
        }
        // libpq takes a repeated parameter's last value, and this would take its first:
        // neither is surely what was meant.
        if let repeated = Self.parameters.sorted().first(where: { name in query.count { $0.name == name } > 1 }) {
            throw UnreadableDatabaseURI(description: "the parameter \(repeated) is given more than once; give it once")
        }
        func parameter(_ name: String) throws(UnreadableDatabaseURI) -> String? {
            guard let item = query.first(where: { $0.name == name }) else { return nil }
            guard let value = item.value?.removingPercentEncoding, !value.isEmpty else {
                throw UnreadableDatabaseURI(description: "the parameter \(name) has no value")
            }
            return value
        }
        let named = components.percentEncodedHost.map { Self.unbracketed($0) }.flatMap(\.removingPercentEncoding) ?? ""
        guard let host = try parameter("host") ?? (named.isEmpty ? nil : named) else {
            throw UnreadableDatabaseURI(description: "the URI names no host")
        }
        guard let user = components.percentEncodedUser?.removingPercentEncoding, !user.isEmpty else {
            throw UnreadableDatabaseURI(description: "the URI names no user")
        }
        var password: String?
        if let encoded = components.percentEncodedPassword {
            guard let decoded = encoded.removingPercentEncoding else {
                throw UnreadableDatabaseURI(description: "the password's percent-encoding is not valid (a % is written %25)")
            }
            password = decoded
        }
        guard let database = String(components.percentEncodedPath.drop { $0 == "/" }).removingPercentEncoding, !database.isEmpty else {
            throw UnreadableDatabaseURI(description: "the URI names no database")
        }
        let port: Int
        if let text = try parameter("port") {
            guard let number = Int(text), (1...65_535).contains(number) else { throw UnreadableDatabaseURI(description: "the port \(text) is not a port") }
            port = number
        } else {
            port = components.port ?? 5432
        }
        let mode = try parameter("sslmode") ?? TLSMode.disable.rawValue
        guard let tls = TLSMode(rawValue: mode) else {
            throw UnreadableDatabaseURI(description: "sslmode \(mode) is not one of disable, require, verify-full (prefer and allow fall back to plaintext)")
        }
        if host.hasPrefix("/"), tls != .disable {
            throw UnreadableDatabaseURI(description: "a Unix socket (host=\(host)) takes no TLS; leave sslmode out")
        }
        self.init(host: host, port: port, user: user, password: password, database: database, tls: tls)
    }

    /// An IPv6 literal without the brackets a URI writes it in.
    private static func unbracketed(_ host: String) -> String {
        host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
    }

    /// The Unix socket's path when `host` names its folder (libpq's `.s.PGSQL.PORT`).
    public var socketPath: String? {
        host.hasPrefix("/") ? (host as NSString).appendingPathComponent(".s.PGSQL.\(port)") : nil
    }

    public var description: String {
        let query = tls == .disable ? "" : "?sslmode=\(tls.rawValue)"
        if host.hasPrefix("/") { return "postgres://\(user)@/\(database)?host=\(host)&port=\(port)" }
        let shownHost = host.contains(":") ? "[\(host)]" : host
        return "postgres://\(user)@\(shownHost):\(port)/\(database)" + query
    }
}
