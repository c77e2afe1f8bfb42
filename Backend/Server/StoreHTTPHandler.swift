import Foundation
import Infrastructure
import Logging

/// Everything between the HTTP server and the store logic: injected faults and
/// latency, the payload layer, the body cap, and one log line per request.
actor FaultPlan {
    private var remainingFailures: Int

    init(failures: Int) {
        remainingFailures = failures
    }

    func add(failures: Int) {
        remainingFailures += failures
    }

    /// Whether this request is one of those to fail.
    func takeFailure() -> Bool {
        guard remainingFailures > 0 else { return false }
        remainingFailures -= 1
        return true
    }
}

struct StoreHTTPHandler: Sendable {
    let service: StoreService
    let seal: PayloadSeal?
    let faults: FaultPlan
    let latency: Duration
    let logger: Logger
    let tally = RequestTally()

    /// - Parameter bodyTooLarge: the server stopped reading a body over the cap.
    func handle(_ request: StoreRequest, bodyTooLarge: Bool) async -> StoreResponse {
        let clock = ContinuousClock()
        let start = clock.now
        await tally.add()
        if latency > .zero {
            try? await Task.sleep(for: latency)
        }
        let response = await answer(request, bodyTooLarge: bodyTooLarge)
        // Method, target and status only: never a header (tokens) or a body (passwords).
        logger.info("\(request.method) \(request.target) \(response.status) \((clock.now - start).wholeMilliseconds) ms")
        return response
    }

    private func answer(_ request: StoreRequest, bodyTooLarge: Bool) async -> StoreResponse {
        // Sealed: the request is opened first, so every answer after this, a fault's
        // included, is sealed for the request it answers; a refusal is final as it is.
        var opened = request
        var sealedAs: (request: SealedExchange.Request, key: PayloadKey)?
        if let seal {
            switch seal.open(request, log: { logger.notice("\($0)") }) {
            case .refused(let refusal):
                return refusal
            case .request(let plaintext, let sealed, let key):
                opened = plaintext
                sealedAs = (sealed, key)
            }
        }
        let plain: StoreResponse
        if await faults.takeFailure() {
            plain = message(503, "Service temporarily unavailable")
        } else if bodyTooLarge {
            plain = message(413, "Request body too large")
        } else {
            plain = await service.respond(to: opened).answering(conditional: opened)
        }
        // A 304 has no body, so nothing is sealed (PROTOCOL.md): the client uses it only
        // to renew an answer it already holds, which was authenticated when it came.
        guard let seal, let sealedAs else { return plain }
        return seal.seal(plain, for: sealedAs.request, key: sealedAs.key)
    }
}
