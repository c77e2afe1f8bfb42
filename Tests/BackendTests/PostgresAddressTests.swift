@testable import Backend
import Testing

/// `serve --database` reads a libpq connection URI; what it keeps, and what it refuses
/// with a sentence, from a literal table.
@Suite("A PostgreSQL address from its URI", .timeLimit(.minutes(1)))
struct PostgresAddressTests {
    @Test("what a URI names", arguments: [
        ("postgres://app@db.internal/store", "db.internal", 5432, "app", nil, "store", PostgresAddress.TLSMode.disable),
        ("postgresql://app:s%40cret@10.0.0.5:6432/store?sslmode=require", "10.0.0.5", 6432, "app", "s@cret", "store", .require),
        ("postgres://app@db/store?sslmode=verify-full", "db", 5432, "app", nil, "store", .require),
        ("postgres://app@db/store?sslmode=prefer", "db", 5432, "app", nil, "store", .prefer),
    ] as [(String, String, Int, String, String?, String, PostgresAddress.TLSMode)])
    func reads(uri: String, host: String, port: Int, user: String, password: String?, database: String, tls: PostgresAddress.TLSMode) throws {
        let address = try PostgresAddress(uri: uri)
        #expect(address == PostgresAddress(host: host, port: port, user: user, password: password, database: database, tls: tls))
    }

    @Test("a URI that names too little, or another scheme, is refused with what is missing", arguments: [
        ("mysql://app@db/store", "is not a postgres:// URI"),
        ("postgres://db/store", "names no user"),
        ("postgres://app@db", "names no database"),
        ("postgres://app@db/store?sslmode=allow", "sslmode allow is not one of"),
    ])
    func refuses(uri: String, reason: String) {
        #expect {
            _ = try PostgresAddress(uri: uri)
        } throws: { error in
            (error as? PostgresAddress.Unreadable)?.description.contains(reason) == true
        }
    }

    @Test("shown, it leaves the password out")
    func description() throws {
        let address = try PostgresAddress(uri: "postgres://app:hunter2@db:5433/store?sslmode=require")
        #expect(address.description == "postgres://app@db:5433/store?sslmode=require")
    }
}
