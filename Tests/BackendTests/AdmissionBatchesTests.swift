@testable import Backend
import Testing

@Suite("Admissions sent together while one batch is with the database", .timeLimit(.minutes(1)))
struct AdmissionBatchesTests {
    /// What a stand-in for the database was sent, and how many batches it held at once.
    actor Database {
        private(set) var batches: [[Int]] = []
        private(set) var mostAtOnce = 0
        private var atOnce = 0

        /// Each input times ten, after giving others a chance to come.
        func answer(_ batch: [Int]) async -> [Int] {
            batches.append(batch)
            atOnce += 1
            mostAtOnce = max(mostAtOnce, atOnce)
            await Task.yield()
            atOnce -= 1
            return batch.map { $0 * 10 }
        }
    }

    @Test("one caller alone is sent at once, alone")
    func alone() async throws {
        let database = Database()
        let batches = AdmissionBatches<Int, Int> { batch throws(BackendStoreFailure) in await database.answer(batch) }
        #expect(try await batches.submit(4) == 40)
        #expect(await database.batches == [[4]])
    }

    @Test("forty callers at once: each gets its own answer, each is sent once, and one batch at a time is with the database")
    func crowd() async throws {
        let database = Database()
        let batches = AdmissionBatches<Int, Int> { batch throws(BackendStoreFailure) in await database.answer(batch) }
        let answers = try await withThrowingTaskGroup(of: (Int, Int).self) { group in
            for input in 1...40 {
                group.addTask { (input, try await batches.submit(input)) }
            }
            return try await group.reduce(into: [(Int, Int)]()) { $0.append($1) }
        }
        #expect(answers.allSatisfy { $0.1 == $0.0 * 10 })
        #expect(await database.batches.flatMap { $0 }.sorted() == Array(1...40))
        #expect(await database.mostAtOnce == 1)
    }

    @Test("a batch the database refuses fails its callers with the refusal, and the next batch is sent")
    func refused() async throws {
        let batches = AdmissionBatches<Int, Int> { batch throws(BackendStoreFailure) in
            guard !batch.contains(1) else { throw BackendStoreFailure("refused") }
            return batch
        }
        await #expect(throws: BackendStoreFailure.self) { try await batches.submit(1) }
        #expect(try await batches.submit(2) == 2)
    }

    @Test("a batch answered short fails its callers rather than leaving one waiting")
    func answeredShort() async throws {
        let batches = AdmissionBatches<Int, Int> { _ throws(BackendStoreFailure) in [] }
        do {
            _ = try await batches.submit(1)
            Issue.record("answered")
        } catch {
            #expect(error.description == "the database answered 0 of a batch of 1 requests")
        }
    }
}
