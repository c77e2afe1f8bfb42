@testable import Backend
import Testing

/// A clause of the `BackendStore` contract in a suite of its own, for its length: many
/// different requests at once, as a busy gateway admits them.
@Suite("The BackendStore contract: a crowd at once, over every store", .timeLimit(.minutes(1)))
struct BackendStoreCrowdTests {
    /// The stores' statements differ here: PostgreSQL sends the admissions that come
    /// while one batch is with it together, in one statement (`AdmissionStatement`),
    /// where SQLite runs one statement each. They are equivalent because each caller is
    /// answered as if it had come alone: one of two given the same request is served,
    /// and each served request reads its own token, never another's in its batch.
    @Test(
        "twenty gateways at once, ten requests each given twice, each reading its own token: each request served once, with its token",
        arguments: BackendStoreKind.all
    )
    func admitsACrowd(kind: BackendStoreKind) async throws {
        try await kind.with { store, _ in
            // Users 1 to 5 each hold an access token, 32 bytes of 10 + the user; requests 1
            // to 5 read their user's, and requests 6 to 10 a token nobody holds.
            for user: UInt8 in 1...5 {
                try await store.keep(BackendStoreContractTests.pair(10 + user, 20 + user), userID: Int(user), family: BackendStoreContractTests.family(user))
            }
            let answers = try await withThrowingTaskGroup(of: (request: UInt8, admission: Admission, found: AccessTokenRecord?).self) { group in
                for request: UInt8 in 1...10 {
                    for _ in 0..<2 {
                        group.addTask {
                            let token = Array(repeating: request <= 5 ? 10 + request : 99, count: 32)
                            let (admission, found) = try await store.admit([request], until: 1_300, now: 1_000, share: .served, readingAccess: token)
                            return (request, admission, found)
                        }
                    }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            for request: UInt8 in 1...10 {
                let given = answers.filter { $0.request == request }
                #expect(given.filter { $0.admission == .admitted }.count == 1, "request \(request): \(given)")
                #expect(given.filter { $0.admission == .replayed }.count == 1, "request \(request): \(given)")
                let token = request <= 5 ? AccessTokenRecord(userID: Int(request), expires: 2_000) : nil
                #expect(given.first { $0.admission == .admitted }?.found == token, "request \(request): \(given)")
                #expect(given.first { $0.admission == .replayed }?.found == nil, "request \(request): \(given)")
            }
        }
    }

    @Test(
        "two gateways on one store, with room for 20, given 60 different requests at once: 20 remembered between them, the rest told the memory is full",
        arguments: BackendStoreKind.all.filter(\.persists)
    )
    func fillsASharedCapacity(kind: BackendStoreKind) async throws {
        try await kind.with(capacity: 20) { first, location in
            let admissions = try await kind.withAnother(at: location, capacity: 20) { second in
                try await withThrowingTaskGroup(of: Admission.self) { group in
                    for request: UInt8 in 1...60 {
                        group.addTask {
                            try await (request.isMultiple(of: 2) ? first : second).admit([request], until: 1_300, now: 1_000, share: .served)
                        }
                    }
                    return try await group.reduce(into: []) { $0.append($1) }
                }
            }
            #expect(admissions.count(where: { $0 == .admitted }) == 20)
            #expect(admissions.count(where: { $0 == .full }) == 40)
        }
    }
}
