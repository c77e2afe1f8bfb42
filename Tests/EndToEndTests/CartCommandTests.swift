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

    @Test("sealed, the gateway adds the write and a relay answers its own unsealed 503: 75; run again, added once")
    func relayAnswersForTheGateway() async throws {
        try await SealedAttackTests.Path.run { path in
            let cli = try path.client()
            try await SealedAttackTests.signIn(cli)
            // The gateway's sealed answer is dropped on the way back, and the relay says
            // the gateway could not be reached.
            path.proxy.tamper(withNext: SealedAttackTests.next) { exchange in
                exchange.status = 503
                exchange.headers = ["Content-Type": "text/plain"]
                exchange.body = Array("gateway unavailable".utf8)
            }

            let lost = try await cli.run(["cart", "add", "3", "--quantity", "2"])
            let again = try await cli.run(["cart", "add", "3", "--quantity", "2"])
            let cart = try await cli.run(["cart", "--json"])

            #expect(lost.status == 75, "\(lost.everything)")
            #expect(lost.standardError.contains("may have added it"), "\(lost.everything)")
            #expect(again.status == 0, "\(again.everything)")
            let document = try #require(try JSONSerialization.jsonObject(with: Data(cart.standardOutput.utf8)) as? [String: Any], "\(cart.everything)")
            #expect((document["lines"] as? [[String: Any]])?.map { [$0["id"] as? Int, $0["quantity"] as? Int] } == [[3, 2]], "added once")
        }
    }

    /// A loopback store that keeps one cart by idempotency key, as the bundled backend
    /// does, and counts what reaches it. `lose`: it adds the first write, then closes the
    /// connection with no answer. `expire`: it refuses the first write with a 401 (the
    /// access token expired), adding nothing, and renews the session once.
    final class CountingStore: Sendable {
        enum Trouble: Sendable { case lose, expire }

        private struct Counts {
            var writes = 0
            var renewals = 0
            /// The quantity each key added, once.
            var added: [String: Int] = [:]
        }

        /// What the server closure and the test share.
        private final class Tally: Sendable {
            let counts = Mutex(Counts())
        }

        let server: LoopbackHTTPServer
        private let tally = Tally()

        init(_ trouble: Trouble) throws {
            let tally = self.tally
            server = try LoopbackHTTPServer { request in
                switch request.target {
                case "/auth/login":
                    return .respond(status: 200, headers: ["Content-Type": "application/json"], body: Array(CartCommandTests.login.utf8))
                case "/auth/refresh":
                    tally.counts.withLock { $0.renewals += 1 }
                    return .respond(status: 200, headers: ["Content-Type": "application/json"], body: Array(#"{"accessToken":"access-2","refreshToken":"refresh-2"}"#.utf8))
                case "/auth/carts/add":
                    let key = request.headers.first { $0.key.lowercased() == "idempotency-key" }?.value ?? ""
                    let first = tally.counts.withLock { counts in
                        counts.writes += 1
                        return counts.writes == 1
                    }
                    if first, trouble == .expire {
                        return .respond(status: 401, headers: ["Content-Type": "application/json"], body: Array(#"{"message":"Token Expired!"}"#.utf8))
                    }
                    // Added once a key, whatever comes again under it.
                    let quantity = tally.counts.withLock { counts in
                        if counts.added[key] == nil { counts.added[key] = 4 }
                        return counts.added.values.reduce(0, +)
                    }
                    if first, trouble == .lose { return .raw([]) }
                    return .respond(status: 201, headers: ["Content-Type": "application/json"], body: Array(CartCommandTests.cart(quantity: quantity).utf8))
                default:
                    return .respond(status: 404, headers: [:], body: Array(#"{"message":"not here"}"#.utf8))
                }
            }
        }

        var writes: Int { tally.counts.withLock { $0.writes } }
        var renewals: Int { tally.counts.withLock { $0.renewals } }
        /// The keys the store added under, and the items in its cart.
        var cart: (keys: Int, items: Int) { tally.counts.withLock { ($0.added.count, $0.added.values.reduce(0, +)) } }
    }

    /// A CLI signed in to `store`.
    static func signedIn(to store: CountingStore, _ setup: ClientSetup) async throws -> CLI {
        var cli = try CLI(backend: nil, key: nil, transport: setup.transport, sessionStore: setup.store)
        cli.environment["STOREFRONT_BASE_URL"] = store.server.baseURL.absoluteString
        let login = try await cli.run(["login", "--username", "emilys", "--password-stdin"], input: "emilyspass\n")
        try #require(login.status == 0, "\(login.everything)")
        return cli
    }

    @Test(
        "the store adds a write and its answer is lost: sent once, 75; run again, the same key, and the cart holds it once",
        arguments: ClientSetup.all
    )
    func answerLost(setup: ClientSetup) async throws {
        let store = try CountingStore(.lose)
        defer { store.server.stop() }
        let cli = try await Self.signedIn(to: store, setup)

        let lost = try await cli.run(["cart", "add", "144", "--quantity", "4"])
        let writesAfterFirstRun = store.writes
        let keptKeys = try FileManager.default.contentsOfDirectory(atPath: cli.dataDirectory + "/writes")
        let again = try await cli.run(["cart", "add", "144", "--quantity", "4"])

        #expect(lost.status == 75, "\(lost.everything)")
        #expect(lost.standardError.contains("No answer came, so the store may have added it; run the same command again within the hour, and it will not be added twice."), "\(lost.everything)")
        #expect(writesAfterFirstRun == 1, "a write is never sent twice on its own")
        #expect(keptKeys.count == 1)
        #expect(again.status == 0 && again.standardOutput.hasPrefix("Added 4 of product 144.\n"), "\(again.everything)")
        #expect(store.writes == 2)
        #expect(store.cart.keys == 1 && store.cart.items == 4, "two requests, one key, the item once: \(store.cart)")
        #expect(again.standardOutput.contains("\n4 items, "), "\(again.everything)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: cli.dataDirectory + "/writes").isEmpty, "done: the key forgotten")
    }

    @Test("a 401 on an add: one renewal, one resend with the same key, and the cart holds it once", arguments: ClientSetup.all)
    func expiredOnAdd(setup: ClientSetup) async throws {
        let store = try CountingStore(.expire)
        defer { store.server.stop() }
        let cli = try await Self.signedIn(to: store, setup)

        let added = try await cli.run(["cart", "add", "144", "--quantity", "4"])

        #expect(added.status == 0 && added.standardOutput.hasPrefix("Added 4 of product 144.\n"), "\(added.everything)")
        #expect(store.renewals == 1 && store.writes == 2, "renewals \(store.renewals), writes \(store.writes)")
        #expect(store.cart.keys == 1 && store.cart.items == 4, "\(store.cart)")
        #expect((try? FileManager.default.contentsOfDirectory(atPath: cli.dataDirectory + "/writes"))?.isEmpty ?? true)
    }

    static let login = #"{"id":1,"username":"emilys","email":"emily@x.dummyjson.com","firstName":"Emily","lastName":"Johnson","accessToken":"access-1","refreshToken":"refresh-1"}"#
    /// DummyJSON's answer to an add, for a cart that holds `quantity` of product 144.
    static func cart(quantity: Int) -> String {
        let total = Double(4_499 * quantity) / 100
        return #"{"id":51,"products":[{"id":144,"title":"Cricket Helmet","price":44.99,"quantity":\#(quantity),"total":\#(total),"discountPercentage":11.47,"discountedPrice":159}],"total":\#(total),"discountedTotal":159,"userId":1,"totalProducts":1,"totalQuantity":\#(quantity)}"#
    }
}
