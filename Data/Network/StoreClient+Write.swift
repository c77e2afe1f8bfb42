import Domain
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Infrastructure

/// The one way a repository changes something at the store: sent once, never answered
/// from the cache and never kept in it, with an idempotency key that the same write run
/// again within the hour sends again (`PendingWriteKeys`). What its end means is
/// `WritePolicy`'s; this is the shell that sends, reads, and keeps or forgets the key.
extension StoreClient {
    /// The value the write `makeCall` makes (given its key) answers. Kept answers the
    /// write may have made stale (`invalidating`: request targets, the signed-in user's)
    /// are dropped once it is done, or may be. `outcomeUnknown` when it went out and no
    /// answer says whether it was done.
    func write<Wire, Value>(
        _ makeCall: (UUID) throws(NetworkError) -> StoreEndpoints.Call<Wire, Value>,
        keys: PendingWriteKeys,
        invalidating targets: [String]
    ) async throws(StoreError) -> Value {
        guard let owner = try await owner() else { throw .notSignedIn }
        let fingerprint = try Self.fingerprint(of: try Self.made { () throws(NetworkError) in try makeCall(UUID()) }, for: owner)
        let key = keys.key(for: fingerprint)
        let call = try Self.made { () throws(NetworkError) in try makeCall(key.value) }
        let exchange = await send(call)
        logger.debug("\(ReadReport(requestLine: call.requestLine, exchange: exchange, cache: .notKept))")

        let outcome: WritePolicy.Outcome = switch exchange.answer {
        case .success(let answer): WritePolicy.outcome(status: answer.response.status.code)
        case .failure(let error): WritePolicy.outcome(of: error)
        }
        if outcome.mayHaveActed {
            for target in targets { await cache.remove(key: owner.key(for: target)) }
        }
        if case .unknown(let reason) = outcome {
            do {
                try keys.keep(key, for: fingerprint)
            } catch {
                keys.forget(fingerprint)
                throw .outcomeUnknown(Diagnostic("\(reason); the key could not be kept: \(error)"), keyKept: false)
            }
            throw .outcomeUnknown(Diagnostic(reason), keyKept: true)
        }
        // Known now: done, refused, or never sent.
        keys.forget(fingerprint)
        switch exchange.answer {
        case .success(let answer) where outcome == .done:
            return try call.value(from: answer.body)
        case .success(let answer):
            throw StoreErrorMapping.fromResponse(answer.response, body: answer.body, in: .authenticated, now: clock.now)
        case .failure(.transport(.cannotConnect(let reason))):
            throw .notSent(Diagnostic(reason))
        case .failure(let error):
            throw StoreErrorMapping.fromNetworkError(error)
        }
    }

    /// What tells this write from another: who sends it to which store, and its method,
    /// target and body (never its key), as the name of its kept key.
    private static func fingerprint<Wire, Value>(of call: StoreEndpoints.Call<Wire, Value>, for owner: CacheOwner) throws(StoreError) -> String {
        let named = Array(owner.key(for: call.requestLine).utf8) + [0x0A] + (call.body ?? [])
        do {
            return try SHA256.hexDigest(of: named)
        } catch {
            throw .unexpected(Diagnostic("the write's fingerprint: \(error)"))
        }
    }

    /// A call `make` makes; one it cannot is this client's failure.
    private static func made<Wire, Value>(
        _ make: () throws(NetworkError) -> StoreEndpoints.Call<Wire, Value>
    ) throws(StoreError) -> StoreEndpoints.Call<Wire, Value> {
        do {
            return try make()
        } catch {
            throw StoreErrorMapping.fromNetworkError(error)
        }
    }
}
