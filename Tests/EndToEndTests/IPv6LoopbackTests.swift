import Foundation
import Testing
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

/// `serve` on the IPv6 loopback address: its URL names the address in brackets (RFC
/// 3986 section 3.2.2), as a client reads it, and the sealed requests a client makes for
/// that origin are the gateway's own.
@Suite("serve on IPv6's loopback address", .timeLimit(.minutes(2)))
struct IPv6LoopbackTests {
    /// Whether this machine has `::1` to listen on.
    static let available: Bool = {
        let socket = Glibc.socket(AF_INET6, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { return false }
        defer { close(socket) }
        var address = sockaddr_in6()
        address.sin6_family = sa_family_t(AF_INET6)
        address.sin6_addr = in6addr_loopback
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(socket, $0, socklen_t(MemoryLayout<sockaddr_in6>.size)) == 0 }
        }
    }()

    @Test("serve --host ::1 prints http://[::1]:PORT, and a sealed login and search work at that address", .enabled(if: available, "no IPv6 loopback here"))
    func bracketsTheAddress() async throws {
        let folder = try TemporaryDirectory()
        let serve = try await ServeProcess(["--json", "--host", "::1", "--port", "0", "--data-dir", folder.path])
        defer { withExtendedLifetime(serve) {} }
        let started = try #require(try JSONSerialization.jsonObject(with: Data(serve.firstLine.utf8)) as? [String: Any])
        let url = try #require(started["url"] as? String)
        var cli = try CLI(backend: nil, key: nil)
        cli.environment["STOREFRONT_BASE_URL"] = url
        cli.environment["STOREFRONT_OHTTP_KEYS_FILE"] = try #require(started["keyFile"] as? String)

        let login = try await cli.run(["login", "--username", "emilys", "--password-stdin"], input: "emilyspass\n")
        let search = try await cli.run(["search", "phone"])

        #expect(url.hasPrefix("http://[::1]:"), "\(url)")
        #expect(login.status == 0, "\(login.everything)")
        #expect(search.status == 0, "\(search.everything)")
    }
}
