import Data
import Domain
import Infrastructure
import TestSupport
import Testing

/// The fake accounts as a model of the real ones: the same generated sequence of
/// logins (right, wrong, unknown), questions under each policy, logouts and, once, the
/// backend going away, must give the same outcomes from FakeAuthRepository as from
/// RemoteAuthRepository over storefront-server. Fixed seeds.
@Suite("FakeAuthRepository models RemoteAuthRepository over storefront-server", .timeLimit(.minutes(2)), .onItsOwnThread)
struct AccountModelTests {
    static let seeds: [UInt64] = [20_261_126, 35]
    static let steps = 120
    static let accounts = [("emilys", "emilyspass"), ("michaelw", "michaelwpass")]

    @Test("the same outcome at every step", arguments: seeds)
    func sameOutcomes(seed: UInt64) async throws {
        try await RemoteStack.with(productCount: 12) { stack in
            // The model knows the accounts the store knows, as the store describes them.
            var known: [(user: User, password: String)] = []
            for (username, password) in Self.accounts {
                known.append((try await stack.accounts.logIn(Credentials(username: username, password: password)), password))
            }
            _ = try await stack.accounts.logOut()
            let model = FakeAuthRepository(accounts: known)
            var random = SplitMix64(seed: seed)
            for step in 0..<Self.steps {
                let (username, password) = Self.accounts[Int.random(in: 0..<Self.accounts.count, using: &random)]
                let said: String
                let real: String
                let modelled: String
                switch Int.random(in: 0..<20, using: &random) {
                case 0..<6:
                    let credentials = try Credentials(
                        username: Int.random(in: 0..<6, using: &random) == 0 ? "nobody" : username,
                        password: Bool.random(using: &random) ? password : password + "!"
                    )
                    said = "log in \(credentials.username)"
                    real = await Self.outcome { () async throws(StoreError) in try await stack.accounts.logIn(credentials).username }
                    modelled = await Self.outcome { () async throws(StoreError) in try await model.logIn(credentials).username }
                case 6..<15:
                    let policy = [ReadPolicy.standard, .cacheOnly, .revalidate][Int.random(in: 0..<3, using: &random)]
                    said = "current user, \(policy)"
                    real = await Self.outcome { () async throws(StoreError) in Self.describe(try await stack.accounts.currentUser(policy: policy)) }
                    modelled = await Self.outcome { () async throws(StoreError) in Self.describe(try await model.currentUser(policy: policy)) }
                case 15..<19:
                    said = "log out"
                    real = await Self.outcome { () async throws(StoreError) in "out, \(try await stack.accounts.logOut())" }
                    modelled = await Self.outcome { () async throws(StoreError) in "out, \(try await model.logOut())" }
                default:
                    // Late in the run, so most steps meet a backend that is there.
                    guard step > Self.steps * 3 / 4 else { continue }
                    said = "the backend goes away"
                    await stack.goOffline()
                    await model.goOffline()
                    real = "away"
                    modelled = "away"
                }
                #expect(real == modelled, "seed \(seed), step \(step) (\(said))")
                if real != modelled { return }
            }
        }
    }

    /// Who, and from where in the terms both can keep: a fresh kept answer and the
    /// network are one (a fake has no cache to be fresh in); a stand-in says why.
    static func describe(_ fetched: Fetched<User>) -> String {
        switch fetched.origin {
        case .network, .cache(_, .fresh): "\(fetched.value.username) live"
        case .cache(_, let reason): "\(fetched.value.username) kept: \(reason)"
        }
    }

    static func outcome(_ body: () async throws(StoreError) -> String) async -> String {
        do {
            return try await body()
        } catch {
            return "error: \(error)"
        }
    }
}
