import Foundation

/// Where a PostgreSQL database is, read from a connection URI as libpq writes one
/// (`postgres://user:password@host:5432/database?sslmode=require`): what `serve
/// --database` and `STOREFRONT_DATABASE` take. Its description leaves the password out,
/// so it can be shown and logged.
public struct PostgresAddress: Sendable, Equatable, CustomStringConvertible {
    public var host: String
    public var port: Int
    public var user: String
    public var password: String?
    public var database: String
    /// libpq's `sslmode`, of which these three (`verify-full` is `require`, whose
    /// certificate check NIO makes anyway): none by default, as on loopback.
    public var tls: TLSMode

    /// Whether the connection is encrypted.
    public enum TLSMode: String, Sendable {
        case disable, prefer, require
    }

    /// The URI is not one this reads.
    public struct Unreadable: Error, Equatable, CustomStringConvertible {
        public let description: String
    }

    /// Whether `text` is a PostgreSQL URI at all (rather than, say, a file).
    public static func isURI(_ text: String) -> Bool {
        text.hasPrefix("postgres://") || text.hasPrefix("postgresql://")
    }

    public init(host: String, port: Int, user: String, password: String?, database: String, tls: TLSMode) {
        (self.host, self.port, self.user, self.password, self.database, self.tls) = (host, port, user, password, database, tls)
    }

    public init(uri text: String) throws(Unreadable) {
        guard Self.isURI(text), let components = URLComponents(string: text) else {
            throw Unreadable(description: "\(text.debugDescription) is not a postgres:// URI")
        }
        guard let host = components.host, !host.isEmpty else {
            throw Unreadable(description: "the URI names no host")
        }
        guard let user = components.user, !user.isEmpty else {
            throw Unreadable(description: "the URI names no user")
        }
        let database = String(components.path.drop { $0 == "/" })
        guard !database.isEmpty else {
            throw Unreadable(description: "the URI names no database")
        }
        let mode = components.queryItems?.first { $0.name == "sslmode" }?.value ?? "disable"
        guard let tls = mode == "verify-full" ? .require : TLSMode(rawValue: mode) else {
            throw Unreadable(description: "sslmode \(mode) is not one of disable, prefer, require, verify-full")
        }
        self.init(
            host: host, port: components.port ?? 5432, user: user.removingPercentEncoding ?? user,
            password: components.password.map { $0.removingPercentEncoding ?? $0 },
            database: database.removingPercentEncoding ?? database, tls: tls
        )
    }

    public var description: String {
        "postgres://\(user)@\(host):\(port)/\(database)" + (tls == .disable ? "" : "?sslmode=\(tls.rawValue)")
    }
}
