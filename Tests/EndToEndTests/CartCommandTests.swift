import Foundation
import Synchronization
import TestSupport
import Testing

/// `storefront cart` and `cart add`, the real binary: against the bundled backend,
/// sealed, and against a loopback store that takes a write and never answers it.
@Suite("storefront cart end to end", .serialized, .timeLimit(.minutes(5)), .stopsItsBackends)
struct CartCommandTests {
    @Test("cart add adds, cart reads it back, kept for when the backend is away; a write with no backend is not sent")
    func addAndRead() async throws {
        let (backend, cli, _) = try await CLI.signedIn()
        let empty = try await cli.run(["cart"])
        let added = try await cli.run(["cart", "add", "3", "--quantity", "2"])
        let again = try await cli.run(["cart", "add", "3"])
        let json = try await cli.run(["cart", "--json"])
        let unknown = try await cli.run(["cart", "add", "99999"])
        let offlineAdd = try await cli.run(["cart", "add", "3", "--offline"])
        let zero = try await cli.run(["cart", "add", "3", "--quantity", "0"])
        await backend.stop()
        let kept = try await cli.run(["cart"])
        let notSent = try await cli.run(["cart", "add", "3"])

        #expect(empty.status == 0 && empty.standardOutput == "Your cart is empty.\n", "\(empty.everything)")
        #expect(added.status == 0 && added.standardOutput.hasPrefix("Added 2 of product 3.\n"), "\(added.everything)")
        #expect(again.standardOutput.contains("\n3 items, "), "\(again.everything)")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [String: Any], "\(json.everything)")
        #expect((document["lines"] as? [[String: Any]])?.map { [$0["id"] as? Int, $0["quantity"] as? Int] } == [[3, 3]])
        #expect(document["source"] as? String == "network")
        #expect(unknown.status == 1 && unknown.standardError.contains("No product 99999 exists."), "\(unknown.everything)")
        #expect(offlineAdd.status == 64 && offlineAdd.standardError.contains("a write always asks the store"), "\(offlineAdd.everything)")
        #expect(zero.status == 64, "\(zero.everything)")
        #expect(kept.status == 0 && kept.standardError.contains("your cart") && kept.standardOutput.contains("\n3 items, "), "\(kept.everything)")
        #expect(notSent.status == 69 && notSent.standardError.contains("so nothing was sent"), "\(notSent.everything)")
    }

    @Test("a write whose answer never comes: sent once, 75 and run it again; run again, the same key, and done", arguments: ClientSetup.all)
    func answerNeverComes(setup: ClientSetup) async throws {
        let writesSeen = Mutex(0)
        let server = try LoopbackHTTPServer { request in
            switch request.target {
            case "/auth/login":
                return .respond(status: 200, headers: ["Content-Type": "application/json"], body: Array(Self.login.utf8))
            case "/auth/carts/add":
                // The first write is read, then the connection closes with no answer.
                let first = writesSeen.withLock { seen in
                    seen += 1
                    return seen == 1
                }
                return first ? .raw([]) : .respond(status: 201, headers: ["Content-Type": "application/json"], body: Array(Self.cart.utf8))
            default:
                return .respond(status: 404, headers: [:], body: Array(#"{"message":"not here"}"#.utf8))
            }
        }
        defer { server.stop() }
        var cli = try CLI(backend: nil, key: nil, transport: setup.transport, sessionStore: setup.store)
        cli.environment["STOREFRONT_BASE_URL"] = server.baseURL.absoluteString
        let login = try await cli.run(["login", "--username", "emilys", "--password-stdin"], input: "emilyspass\n")
        try #require(login.status == 0, "\(login.everything)")

        let lost = try await cli.run(["cart", "add", "144", "--quantity", "4"])
        let keptKeys = try FileManager.default.contentsOfDirectory(atPath: cli.dataDirectory + "/writes")
        let again = try await cli.run(["cart", "add", "144", "--quantity", "4"])

        #expect(lost.status == 75, "\(lost.everything)")
        #expect(lost.standardError.contains("No answer came, so the store may have added it; run the same command again within the hour, and it will not be added twice."), "\(lost.everything)")
        #expect(keptKeys.count == 1)
        #expect(again.status == 0 && again.standardOutput.hasPrefix("Added 4 of product 144.\n"), "\(again.everything)")
        let writes = server.requests.filter { $0.target == "/auth/carts/add" }
        #expect(writes.count == 2, "each run sent the write once")
        let keys = writes.map { $0.headers.first { $0.key.lowercased() == "idempotency-key" }?.value }
        #expect(keys[0] != nil && keys[0] == keys[1], "\(keys)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: cli.dataDirectory + "/writes").isEmpty, "done: the key forgotten")
    }

    static let login = #"{"id":1,"username":"emilys","email":"emily@x.dummyjson.com","firstName":"Emily","lastName":"Johnson","accessToken":"access-1","refreshToken":"refresh-1"}"#
    static let cart = #"{"id":51,"products":[{"id":144,"title":"Cricket Helmet","price":44.99,"quantity":4,"total":179.96,"discountPercentage":11.47,"discountedPrice":159}],"total":179.96,"discountedTotal":159,"userId":1,"totalProducts":1,"totalQuantity":4}"#
}
