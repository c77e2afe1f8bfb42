import Foundation
import Synchronization
import TestSupport
import Testing

/// Every request carries the access token back in `Authorization: Bearer`. A store that
/// hands out one no header can carry (a line break or a DEL, which swift-http-types
/// would send as spaces; a space; nothing) is refused as it arrives: the real binary,
/// against a loopback store, exits 65 and the session signed in before stays, byte for
/// byte, for a login and for a renewal alike.
@Suite("A store that hands out a token no header can carry", .timeLimit(.minutes(2)))
struct UnsendableTokenTests {
    static let unsendable = ["line\nbreak", "line\r\nbreak", "del\u{7F}", "two words", ""]

    /// A login or refresh answer with these tokens, as DummyJSON shapes them.
    static func tokens(access: String, refresh: String = "refresh-1") -> LoopbackHTTPServer.Reply {
        let encoded = { (text: String) in
            (try? JSONEncoder().encode(text)).map { String(decoding: $0, as: UTF8.self) } ?? "\"\""
        }
        return .respond(status: 200, headers: ["Content-Type": "application/json"], body: Array("""
            {"id":1,"username":"emilys","email":"e@x","firstName":"Emily","lastName":"Johnson",\
            "accessToken":\(encoded(access)),"refreshToken":\(encoded(refresh))}
            """.utf8))
    }

    /// The store: the first login signs in with a good token, later ones hand out
    /// `access`; `/auth/me` refuses the good token once (so the client renews), and the
    /// renewal hands out `access` too.
    final class Store: Sendable {
        /// What the server counts and the test reads.
        final class Counts: Sendable {
            let logins = Mutex(0)
            let refreshes = Mutex(0)
        }

        let server: LoopbackHTTPServer
        let counts: Counts

        init(handingOut access: String) throws {
            let counts = Counts()
            self.counts = counts
            server = try LoopbackHTTPServer { request in
                switch request.target {
                case "/auth/login":
                    let first = counts.logins.withLock { count in
                        defer { count += 1 }
                        return count == 0
                    }
                    return UnsendableTokenTests.tokens(access: first ? "access-1" : access)
                case "/auth/refresh":
                    counts.refreshes.withLock { $0 += 1 }
                    return UnsendableTokenTests.tokens(access: access, refresh: "refresh-2")
                default:
                    return .respond(status: 401, headers: ["Content-Type": "application/json"], body: Array(#"{"message":"Token Expired!"}"#.utf8))
                }
            }
        }
    }

    private func signedIn(_ store: Store) async throws -> (cli: CLI, session: Data) {
        var cli = try CLI(backend: nil, key: nil)
        cli.environment["STOREFRONT_BASE_URL"] = store.server.baseURL.absoluteString
        let login = try await cli.run(["login", "--username", "emilys", "--password-stdin"], input: "emilyspass\n")
        try #require(login.status == 0, "\(login.everything)")
        return (cli, try Data(contentsOf: sessionFile(of: cli)))
    }

    private func sessionFile(of cli: CLI) -> URL {
        URL(fileURLWithPath: cli.dataDirectory).appendingPathComponent("session.json")
    }

    @Test("a login that hands one out exits 65 and keeps the earlier session", arguments: Self.unsendable)
    func login(access: String) async throws {
        let store = try Store(handingOut: access)
        defer { store.server.stop() }
        let (cli, session) = try await signedIn(store)

        let result = try await cli.run(["login", "--username", "emilys", "--password-stdin"], input: "emilyspass\n")

        #expect(result.status == 65, "\(result.everything)")
        #expect(result.standardError.contains("answer could not be used"), "\(result.standardError)")
        #expect(store.counts.logins.withLock { $0 } == 2)
        #expect(try Data(contentsOf: sessionFile(of: cli)) == session)
    }

    @Test("a renewal that hands one out exits 65 too and keeps the earlier session", arguments: Self.unsendable)
    func renewal(access: String) async throws {
        let store = try Store(handingOut: access)
        defer { store.server.stop() }
        let (cli, session) = try await signedIn(store)

        let result = try await cli.run(["whoami"])

        #expect(result.status == 65, "\(result.everything)")
        #expect(result.standardError.contains("answer could not be used"), "\(result.standardError)")
        #expect(store.counts.refreshes.withLock { $0 } == 1, "the renewal was asked for once")
        #expect(try Data(contentsOf: sessionFile(of: cli)) == session)
    }
}
