@testable import Backend
import Testing

/// `serve --database` names a database by its URI's scheme; which one, and what a
/// `sqlite:` URI names or is refused for, from a literal table.
@Suite("A database address from its URI's scheme", .timeLimit(.minutes(1)))
struct DatabaseAddressTests {
    @Test("the scheme chooses the database, in any case; the path of a sqlite: URI is its file as written", arguments: [
        ("sqlite:/var/lib/storefront/backend.sqlite", DatabaseAddress.sqlite(file: "/var/lib/storefront/backend.sqlite")),
        ("sqlite:///var/lib/storefront/backend.sqlite", .sqlite(file: "/var/lib/storefront/backend.sqlite")),
        ("SQLite:state/backend.sqlite", .sqlite(file: "state/backend.sqlite")),
        ("sqlite:a b%20c.sqlite", .sqlite(file: "a b%20c.sqlite")),
        ("postgres://app@db/store", .postgresql(PostgresAddress(host: "db", port: 5432, user: "app", password: nil, database: "store", tls: .disable))),
        ("PostgreSQL://app@db:6432/store", .postgresql(PostgresAddress(host: "db", port: 6432, user: "app", password: nil, database: "store", tls: .disable))),
    ])
    func reads(uri: String, address: DatabaseAddress) throws {
        #expect(try DatabaseAddress(uri: uri) == address)
    }

    @Test("each database's example in a sentence is read as that database", arguments: StoreDatabaseKind.allCases)
    func examples(kind: StoreDatabaseKind) {
        #expect(StoreDatabaseKind(naming: kind.example) == kind)
        #expect(kind.schemes.allSatisfy { StoreDatabaseKind(naming: $0 + ":x") == kind })
    }

    @Test("a URI no database has, or a sqlite: URI with a host, parameters or no file, is refused with what is wrong, never its text", arguments: [
        ("mysql://app:hunter2@db/store", "names no database the backend keeps; give sqlite:/path/to/file or postgres://user@host:port/name"),
        ("host=db user=app password=hunter2 dbname=store", "names no database the backend keeps"),
        ("/var/lib/hunter2.sqlite", "names no database the backend keeps"),
        ("sqlite://hunter2/backend.sqlite", "a sqlite:// URI names no host"),
        ("sqlite:/hunter2.sqlite?mode=ro", "takes no parameters"),
        ("sqlite:/hunter2.sqlite#x", "takes no parameters"),
        ("sqlite:", "names no file"),
        ("sqlite://", "a sqlite:// URI names no host"),
    ])
    func refuses(uri: String, reason: String) {
        #expect {
            _ = try DatabaseAddress(uri: uri)
        } throws: { error in
            let sentence = (error as? UnreadableDatabaseURI)?.description ?? ""
            return sentence.contains(reason) && !sentence.contains("hunter2")
        }
    }

    @Test("shown, an address is its file, or its URI without the password", arguments: [
        ("sqlite:///srv/backend.sqlite", "/srv/backend.sqlite", StoreDatabaseKind.sqlite),
        ("postgres://app:hunter2@db/store", "postgres://app@db:5432/store", .postgresql),
    ])
    func shown(uri: String, shown: String, kind: StoreDatabaseKind) throws {
        let address = try DatabaseAddress(uri: uri)
        #expect(address.description == shown)
        #expect(address.kind == kind)
    }
}
