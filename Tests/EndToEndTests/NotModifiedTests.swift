import Foundation
import Testing
import TestSupport

/// RFC 9111 §4.3.4 through the real `storefront`: a 304 renews only the kept answer its
/// own `ETag` selects. A proxy between the client and a plain backend (a shared cache
/// that mixed up its entries would answer the same way) turns the backend's 200 into a
/// 304 carrying another tag, or none, and a day's `max-age`: the client refuses it (65),
/// says the cache was not used, and the data folder stays byte for byte (no day of
/// freshness, no tag of the proxy's choosing). The backend's own 304 then renews.
@Suite("A 304 with a validator the client does not hold", .timeLimit(.minutes(2)), .stopsItsBackends)
struct NotModifiedTests {
    /// Which `ETag` the forged 304 carries.
    enum Forged: String, CaseIterable, Sendable {
        case anotherTag, noTag

        var headers: [String: String] {
            let tag = self == .anotherTag ? ["etag": #""not-the-one-kept""#] : [:]
            return tag.merging(["cache-control": "private, max-age=86400"]) { kept, _ in kept }
        }
    }

    static let searches: @Sendable (LoopbackHTTPServer.Request) -> Bool = { $0.target.hasPrefix("/auth/products/search") }

    @Test("renews nothing: refused (65), the cache as it was; the backend's own 304 renews", arguments: Forged.allCases)
    func forgedValidator(_ forged: Forged) async throws {
        let backend = try await RunningBackend.start(key: nil)
        let proxy = try backend.balancer()
        defer { proxy.stop() }
        var cli = try CLI(backend: backend, key: nil)
        cli.environment["STOREFRONT_BASE_URL"] = proxy.url
        let login = try await cli.run(["login", "--username", "emilys", "--password-stdin"], input: "emilyspass\n")
        try #require(login.status == 0, "\(login.everything)")
        try #require(try await cli.run(["search", "phone"]).status == 0)
        let before = try DataFolder.snapshot(cli.dataDirectory)

        proxy.tamper(withNext: Self.searches) {
            $0 = .init(request: $0.request, status: 304, headers: forged.headers, body: [])
        }
        let refused = try await cli.run(["search", "phone", "--refresh", "--verbose"])
        let afterRefusal = try DataFolder.snapshot(cli.dataDirectory)
        let genuine = try await cli.run(["search", "phone", "--refresh", "--verbose"])

        #expect(refused.status == 65, "\(refused.everything)")
        #expect(refused.standardError.contains(" 304 ") && refused.standardError.contains("cache not used"), "\(refused.standardError)")
        #expect(afterRefusal == before, "the forged 304 changed the session or the cache")
        // The backend's own 304 carries the tag the client holds: that one renews.
        #expect(genuine.status == 0, "\(genuine.everything)")
        #expect(genuine.standardError.contains(" 304 ") && genuine.standardError.contains("cache hit, revalidated"), "\(genuine.standardError)")
        #expect(proxy.exchanges.filter { Self.searches($0.request) }.count == 3)
    }
}
