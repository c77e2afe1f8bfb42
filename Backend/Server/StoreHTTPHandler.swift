import Foundation
import Infrastructure
import Logging

/// Everything between the HTTP server and the store logic: injected faults and
/// latency, the payload layer, the body cap, and one log line per request.
struct StoreHTTPHandler: Sendable {
    let service: StoreService
    /// The Oblivious HTTP gateway; nil serves plain JSON.
    let gateway: ObliviousGateway?
    let faults: FaultPlan
    let latency: Duration
    let logger: Logger
    let tally = RequestTally()

    /// - Parameter bodyTooLarge: the server stopped reading a body over the cap.
    func handle(_ request: StoreRequest, bodyTooLarge: Bool) async -> StoreResponse {
        let clock = ContinuousClock()
        let start = clock.now
        await tally.add()
        let response = await answer(request, bodyTooLarge: bodyTooLarge)
        // Method, target and status only: never a header (tokens) or a body (passwords).
        logger.info("\(request.method) \(request.target) \(response.status) \((clock.now - start).wholeMilliseconds) ms")
        // After the work and its line, before the answer leaves: a process killed in this
        // time has committed what the request did, and its client never hears of it.
        if latency > .zero {
            try? await Task.sleep(for: latency)
        }
        return response
    }

    private func answer(_ request: StoreRequest, bodyTooLarge: Bool) async -> StoreResponse {
        guard let gateway else { return await serve(request, bodyTooLarge: bodyTooLarge, tokenRead: nil) }
        // Sealed: the store is reached through the gateway alone, so every answer after
        // it opened the request, a fault's included, is encapsulated for that request.
        guard request.path == ObliviousGateway.path else {
            let title = "this backend serves the store through Oblivious HTTP only, at \(ObliviousGateway.path)"
            return StoreResponse(status: 400, body: Array(#"{"type":"about:blank","title":"\#(title)"}"#.utf8), headers: ["Content-Type": "application/problem+json"])
        }
        return await gateway.handle(request, bodyTooLarge: bodyTooLarge, log: { logger.notice("\($0)") }) { inner, tokenRead in
            let answer = await serve(inner, bodyTooLarge: false, tokenRead: tokenRead)
            logger.info("  inside: \(inner.method) \(inner.target) \(answer.status)")
            return answer
        }
    }

    /// The store's answer to a plain request, or to one the gateway opened.
    private func serve(_ request: StoreRequest, bodyTooLarge: Bool, tokenRead: AccessRead?) async -> StoreResponse {
        if await faults.takeFailure() {
            return message(503, "Service temporarily unavailable")
        }
        if bodyTooLarge {
            return message(413, "Request body too large")
        }
        return await service.respond(to: request, tokenRead: tokenRead).answering(conditional: request)
    }
}
