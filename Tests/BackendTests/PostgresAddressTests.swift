@testable import Backend
import Testing

/// `serve --database` reads a libpq connection URI; what it keeps, and what it refuses
/// with a sentence that never repeats the URI, from a literal table.
@Suite("A PostgreSQL address from its URI", .timeLimit(.minutes(1)))
struct PostgresAddressTests {
    @Test("what a URI names", arguments: [
        ("postgres://app@db.internal/store", "db.internal", 5432, "app", nil, "store", PostgresAddress.TLSMode.disable),
        ("postgresql://app:s%40cret@10.0.0.5:6432/store?sslmode=require", "10.0.0.5", 6432, "app", "s@cret", "store", .require),
        ("postgres://app@db/store?sslmode=verify-full", "db", 5432, "app", nil, "store", .verifyFull),
        ("postgres://app:50%2525@db/store", "db", 5432, "app", "50%25", "store", .disable),
        ("postgres://app:%2F%3F%23@db/st%20ore", "db", 5432, "app", "/?#", "st ore", .disable),
        ("postgres://app@[::1]:5433/store", "::1", 5433, "app", nil, "store", .disable),
        ("postgres://app@/store?host=/run/pg&port=5433", "/run/pg", 5433, "app", nil, "store", .disable),
    ] as [(String, String, Int, String, String?, String, PostgresAddress.TLSMode)])
    func reads(uri: String, host: String, port: Int, user: String, password: String?, database: String, tls: PostgresAddress.TLSMode) throws {
        let address = try PostgresAddress(uri: uri)
        #expect(address == PostgresAddress(host: host, port: port, user: user, password: password, database: database, tls: tls))
    }

    @Test("a URI that names too little, another scheme, an unknown parameter or a downgrade is refused with what is wrong, never its text", arguments: [
        ("mysql://app:hunter2@db/store", "is not a postgres:// URI"),
        ("host=db user=app password=hunter2 dbname=store", "is not a postgres:// URI"),
        ("postgres://app:hun#ter2@db/store", "percent-encode"),
        ("postgres://db/store", "names no user"),
        ("postgres://app:hunter2@db", "names no database"),
        ("postgres://app:hunter2@db/store?sslmode=allow", "sslmode allow is not one of"),
        ("postgres://app:hunter2@db/store?sslmode=prefer", "sslmode prefer is not one of"),
        ("postgres://app:hunter2@db/store?ssl=true", "the parameter ssl is not one this reads"),
        ("postgres://app:hunter2@db/store?sslmode=require&connect_timeout=1", "the parameter connect_timeout"),
        ("postgres://app:hunter2@/store?host=/run/pg&sslmode=require", "takes no TLS"),
        // A `?` in the password, unencoded: the password's tail is in the query.
        ("postgres://sf:1234?hunter2Tail@db/store", "percent-encode"),
        ("postgres://sf:hunter2?Tail@db/store", "percent-encode"),
        ("postgres://app:hunter2@db/store?x.ter2=1", "a parameter is not one this reads"),
        ("postgres://app:hunter2@db/store?sslmode=disable&sslmode=verify-full", "the parameter sslmode is given more than once"),
        ("postgres://app:hunter2@db/store?port=5432&port=5433", "the parameter port is given more than once"),
    ])
    func refuses(uri: String, reason: String) {
        #expect {
            _ = try PostgresAddress(uri: uri)
        } throws: { error in
            let sentence = (error as? UnreadableDatabaseURI)?.description ?? ""
            return sentence.contains(reason) && !sentence.contains("hunter2") && !sentence.contains("ter2")
        }
    }

    @Test("shown, it leaves the password out", arguments: [
        ("postgres://app:hunter2@db:5433/store?sslmode=require", "postgres://app@db:5433/store?sslmode=require"),
        ("postgres://app:hunter2@[::1]/store", "postgres://app@[::1]:5432/store"),
        ("postgres://app:hunter2@/store?host=/run/pg", "postgres://app@/store?host=/run/pg&port=5432"),
    ])
    func description(uri: String, shown: String) throws {
        let address = try PostgresAddress(uri: uri)
        #expect(address.description == shown)
        #expect(address.socketPath == (address.host.hasPrefix("/") ? "/run/pg/.s.PGSQL.5432" : nil))
    }
}
