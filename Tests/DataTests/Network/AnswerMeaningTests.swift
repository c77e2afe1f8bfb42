@testable import Data
import Domain
import TestSupport
import Testing

/// What an answer means, as one table of literal rows (RFC 9110 §15 and the sections
/// cited): one fixed function, which the retry and the store client both read, so what
/// is tried again and what is then called the backend away are the same statuses.
@Suite("One fixed function says what an answer means, for the retry and the store client alike", .timeLimit(.minutes(1)))
struct AnswerMeaningTests {
    @Test("each status, and a Retry-After, to its meaning", arguments: [
        (200, nil, AnswerMeaning.success), (204, nil, .success), // §15.3
        (304, nil, .notModified), // §15.4.5
        (301, nil, .redirect), (302, nil, .redirect), (307, nil, .redirect), // §15.4
        (401, nil, .reauthenticate), // §15.5.2
        (403, nil, .forbidden), // §15.5.4
        (429, .seconds(10), .askedToWait(.seconds(10))), (429, nil, .askedToWait(nil)), // RFC 6585 §4
        (503, .seconds(30), .askedToWait(.seconds(30))), // §10.2.3: a 503 that says how long
        (503, nil, .unavailable), (502, nil, .unavailable), (504, nil, .unavailable), // §15.6.3–5
        (500, nil, .serverFailed), (507, nil, .serverFailed), (500, .seconds(5), .serverFailed), // §15.6
        (101, nil, .unexpected), (0, nil, .unexpected), // §15.2: not a final answer
        (400, nil, .refused), (404, nil, .refused), (413, nil, .refused), (418, nil, .refused), // §15.5
    ] as [(Int, Duration?, AnswerMeaning)])
    func meaning(status: Int, retryAfter: Duration?, meaning: AnswerMeaning) {
        #expect(same(AnswerMeaning(status: status, retryAfter: retryAfter), meaning))
    }

    /// A store chain whose backend answers every request with `status`, and a search
    /// through it by a signed-in user: what came back and how many requests it took.
    private func searchAnswered(_ status: Int) async throws -> (Result<ProductPage, StoreError>, Int) {
        let transport = SpyTransport(always: .json(status, #"{"message":"database unavailable"}"#))
        let sessions = FakeSessionStore(Session(accessToken: "access", refreshToken: "refresh", userID: 1))
        let chain = InterceptedTransport.storeChain(
            adapter: transport, sessions: sessions, oblivious: nil, logger: .silent, sleeper: SpySleeper()
        )
        let client = StoreClient(chain: chain, cache: FakeResponseCache(), sessions: sessions, clock: FakeWallClock(), cacheNamespace: "http://test")
        let query = try SearchQuery(text: "phone")
        let result: Result<ProductPage, StoreError>
        do {
            result = .success(try await RemoteProductRepository(client: client).search(query, policy: .standard).value)
        } catch {
            result = .failure(error)
        }
        return (result, await transport.requests.count)
    }

    @Test("what the retry tries again is what the store client then calls the backend away")
    func retryAndStoreClientAgree() async throws {
        let (failed, failedTries) = try await searchAnswered(500)
        #expect(failedTries == 1, "a 500 is the backend's own failure: not tried again")
        #expect(failed == .failure(.storeFailed(Diagnostic("500", theirWords: "database unavailable"))))

        let (away, awayTries) = try await searchAnswered(503)
        #expect(awayTries == 3, "a 503 without Retry-After is tried again")
        #expect(away == .failure(.offline), "still failing after the tries: as good as away")
    }
}
