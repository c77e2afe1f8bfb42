@testable import Backend
import Testing

@Suite("A batch of admissions, apart from the database", .timeLimit(.minutes(1)))
struct AdmissionBatchTests {
    static let start = ContinuousClock.now

    static func request(_ enc: UInt8, asked seconds: Int64 = 0) -> AdmissionBatch.Request {
        AdmissionBatch.Request(
            enc: [enc], expiry: 1_300, refused: false, now: 1_000, digest: [], asked: start.advanced(by: .seconds(seconds))
        )
    }

    @Test("the statement is given each enc once, as first given")
    func distinct() {
        let batch = AdmissionBatch([1, 2, 1, 3, 2].map { Self.request($0) })
        #expect(batch.distinct.map(\.enc) == [[1], [2], [3]])
        #expect(batch.requests.count == 5)
    }

    static let alice = AccessTokenRecord(userID: 1, expires: 2_000)

    @Test("each caller's answer: the first to give an enc remembered now is admitted with its token; every other is not remembered now", arguments: [
        ([1, 2, 1, 3, 2] as [UInt8], [([1], alice), ([3], nil)] as [([UInt8], AccessTokenRecord?)],
         [.admitted(alice), .notRemembered, .notRemembered, .admitted(nil), .notRemembered] as [AdmissionBatch.Answer]),
        ([1], [], [.notRemembered]),
        ([1, 2], [([2], nil), ([1], alice)], [.admitted(alice), .admitted(nil)]),
        // A row for an enc nobody in the batch gave is no one's.
        ([1], [([9], alice)], [.notRemembered]),
    ])
    func answers(encs: [UInt8], remembered: [([UInt8], AccessTokenRecord?)], expected: [AdmissionBatch.Answer]) {
        let batch = AdmissionBatch(encs.map { Self.request($0) })
        #expect(batch.answers(remembered: remembered.map { (enc: $0.0, token: $0.1) }) == expected)
    }

    @Test("a batch keeps to what is left of its first request's deadline", arguments: [
        // (asked, seconds after start, at now, seconds after start) → seconds left
        ([0, 1] as [Int64], 2 as Int64, 3 as Int64?),
        ([1, 0], 2, 3),
        ([2], 2, 5),
        ([0], 4, 1),
        ([0], 5, nil),
        ([0], 9, nil),
    ])
    func remaining(asked: [Int64], now: Int64, left: Int64?) {
        let batch = AdmissionBatch(asked.enumerated().map { Self.request(UInt8($0.offset), asked: $0.element) })
        #expect(batch.remaining(of: .seconds(5), at: Self.start.advanced(by: .seconds(now))) == left.map { .seconds($0) })
    }
}
