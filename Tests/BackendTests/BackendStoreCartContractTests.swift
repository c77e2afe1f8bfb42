@testable import Backend
import Testing

/// What every `BackendStore` must do with carts, whoever wrote it, with literal answers:
/// a write adds its lines once, however often, and however many callers at once, its
/// idempotency key is sent; another request with that key adds nothing.
@Suite("The BackendStore contract for carts, over every store", .timeLimit(.minutes(1)))
struct BackendStoreCartContractTests {
    /// A fingerprint: 32 bytes of `byte`.
    static func fingerprint(_ byte: UInt8) -> [UInt8] { Array(repeating: byte, count: 32) }

    /// A write of `lines` (product id, quantity) for `userID` under `key`.
    static func addition(
        _ lines: [(Int, Int)], userID: Int = 1, key: String = "k1", fingerprint: UInt8 = 1, keptUntil: Int64 = 2_000
    ) -> CartAddition {
        CartAddition(
            userID: userID, lines: lines.map { CartLineRecord(productID: $0.0, quantity: $0.1) }, key: key,
            fingerprint: Self.fingerprint(fingerprint), keptUntil: keptUntil
        )
    }

    /// Lines from (product id, quantity) pairs.
    static func lines(_ pairs: [(Int, Int)]) -> [CartLineRecord] {
        pairs.map { CartLineRecord(productID: $0.0, quantity: $0.1) }
    }

    @Test("a cart starts empty; each write adds its lines to what the cart holds, in product order, and to no one else's", arguments: BackendStoreKind.all)
    func adds(kind: BackendStoreKind) async throws {
        try await kind.with { store, _ async throws in
            #expect(try await store.cart(of: 1) == [])
            #expect(try await store.add(Self.addition([(5, 2), (3, 1)], key: "k1"), now: 1_000) == .added(Self.lines([(3, 1), (5, 2)])))
            #expect(try await store.add(Self.addition([(5, 1)], key: "k2", fingerprint: 2), now: 1_000) == .added(Self.lines([(3, 1), (5, 3)])))
            #expect(try await store.cart(of: 1) == Self.lines([(3, 1), (5, 3)]))
            #expect(try await store.cart(of: 2) == [])
        }
    }

    @Test(
        "a key sent again with its request is answered the cart its first write made, and adds nothing; with another request, nothing either",
        arguments: BackendStoreKind.all
    )
    func repeatsByKey(kind: BackendStoreKind) async throws {
        try await kind.with { store, _ async throws in
            let first = Self.addition([(7, 1)], key: "k1")
            #expect(try await store.add(first, now: 1_000) == .added(Self.lines([(7, 1)])))
            #expect(try await store.add(Self.addition([(8, 2)], key: "k2", fingerprint: 2), now: 1_000) == .added(Self.lines([(7, 1), (8, 2)])))
            #expect(try await store.add(first, now: 1_500) == .answeredBefore(Self.lines([(7, 1)])), "the first answer, not today's cart")
            #expect(try await store.add(Self.addition([(9, 1)], key: "k1", fingerprint: 3), now: 1_500) == .keyReused)
            #expect(try await store.cart(of: 1) == Self.lines([(7, 1), (8, 2)]))
            #expect(try await store.add(Self.addition([(7, 4)], userID: 2, key: "k1"), now: 1_500) == .added(Self.lines([(7, 4)])), "another user's key")
        }
    }

    @Test("a key answers until its time, inclusive; after it, or once swept, the same request adds again", arguments: BackendStoreKind.all)
    func keyExpires(kind: BackendStoreKind) async throws {
        try await kind.with { store, _ async throws in
            let write = Self.addition([(7, 1)], keptUntil: 1_100)
            #expect(try await store.add(write, now: 1_000) == .added(Self.lines([(7, 1)])))
            #expect(try await store.add(write, now: 1_100) == .answeredBefore(Self.lines([(7, 1)])))
            #expect(try await store.add(write, now: 1_101) == .added(Self.lines([(7, 2)])), "expired: a new write")
            let later = Self.addition([(9, 1)], key: "k2", keptUntil: 1_150)
            #expect(try await store.add(later, now: 1_000) == .added(Self.lines([(7, 2), (9, 1)])))
            try await store.sweep(now: 1_200)
            #expect(try await store.add(later, now: 1_000) == .added(Self.lines([(7, 2), (9, 2)])), "swept: forgotten")
            #expect(try await store.cart(of: 1) == Self.lines([(7, 2), (9, 2)]), "a sweep keeps every cart")
        }
    }

    @Test("twenty callers sending one write with one key at once: one adds, and the others are answered its cart", arguments: BackendStoreKind.all)
    func addsOnceUnderRace(kind: BackendStoreKind) async throws {
        #expect(try await Self.sentByTwenty(kind) == [.added(Self.lines([(7, 3)]))] + Array(repeating: .answeredBefore(Self.lines([(7, 3)])), count: 19))
    }

    @Test("a store that looks the key up, then adds after a suspension, is caught by the race above")
    func plantedRaceIsCaught() async throws {
        let answers = try await Self.sentByTwenty(.fake(planting: .looksThenAdds))
        #expect(answers.count { if case .added = $0 { true } else { false } } > 1)
    }

    /// What twenty callers sending one write with one key at once were answered, the
    /// write that added first.
    static func sentByTwenty(_ kind: BackendStoreKind) async throws -> [CartWrite] {
        var answers: [CartWrite] = []
        try await kind.with { store, _ async throws in
            answers = try await withThrowingTaskGroup(of: CartWrite.self) { group in
                for _ in 0..<20 {
                    group.addTask { try await store.add(Self.addition([(7, 3)]), now: 1_000) }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
        }
        return answers.sorted { first, _ in if case .added = first { true } else { false } }
    }

    @Test("a second store at the same place, as a second gateway or a restart, sees the first's carts and keys", arguments: BackendStoreKind.all.filter(\.persists))
    func sharedAndPersistent(kind: BackendStoreKind) async throws {
        try await kind.with { first, location async throws in
            #expect(try await first.add(Self.addition([(7, 1)]), now: 1_000) == .added(Self.lines([(7, 1)])))
            let (cart, repeated) = try await kind.withAnother(at: location, capacity: 20) { second in
                (try await second.cart(of: 1), try await second.add(Self.addition([(7, 1)]), now: 1_000))
            }
            #expect(cart == Self.lines([(7, 1)]))
            #expect(repeated == .answeredBefore(Self.lines([(7, 1)])))
        }
    }
}
