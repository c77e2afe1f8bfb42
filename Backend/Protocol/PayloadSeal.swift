import Foundation
import Infrastructure

/// The server's side of the sealed layer, version 2 (PROTOCOL.md section 2): it opens
/// each request with the key the request names, when the ring still accepts that key,
/// refuses a replayed body, and seals the answer under the same key, bound to that
/// request. What cannot be opened gets the answer the protocol gives it.
struct PayloadSeal: Sendable {
    let keys: PayloadKeys
    let replays: ReplayWindow
    let clock: any WallClock

    init(keys: PayloadKeys, clock: any WallClock, replays: ReplayWindow = ReplayWindow()) {
        self.keys = keys
        self.clock = clock
        self.replays = replays
    }

    /// A request as the store may serve it, or the answer that refuses it.
    enum Opened {
        case request(StoreRequest, sealedAs: SealedExchange.Request, key: PayloadKey)
        case refused(StoreResponse)
    }

    func open(_ request: StoreRequest, log: (String) -> Void) -> Opened {
        let ring = keys.ring(log: log)
        let now = Int64(clock.now.timeIntervalSince1970.rounded(.down))
        guard let headerText = request.header(SealHeader.fieldName) else {
            return .refused(VersionRefusal.answer(to: request, key: ring.current))
        }
        let sealed: SealedExchange.Request
        let key: PayloadKey
        do {
            (sealed, key) = try SealedExchange.readRequest(
                method: request.method, target: request.target, headerText: headerText, body: request.body, keys: ring, now: now
            )
        } catch .keyNotAccepted(let id) {
            // Nothing to seal with: the one answer of the layer that is not sealed.
            let header = SealHeader(keyID: id, nonce: nil, refusal: .unknownKey)
            return .refused(StoreResponse(status: 400, body: [], headers: [SealHeader.fieldName: header.fieldValue]))
        } catch {
            return .refused(VersionRefusal.answer(to: request, key: ring.current))
        }
        let plaintext: [UInt8]
        do {
            plaintext = try SealedExchange.openBody(request.body, of: sealed, key: key)
        } catch {
            return .refused(seal(message(400, "Payload decryption failed"), for: sealed, key: key))
        }
        if !request.body.isEmpty, let nonce = sealed.header.nonce, let time = sealed.header.time {
            switch replays.admit(keyID: key.id, nonce: nonce, time: time, now: now) {
            case .fresh:
                break
            case .replayed:
                return .refused(seal(message(425, "This sealed request was already received; it is not served twice"), for: sealed, key: key))
            case .outsideWindow(let skew):
                let words = "This sealed request was made \(abs(skew)) s \(skew < 0 ? "before" : "after") the backend's clock says, "
                    + "more than the \(replays.window) s it accepts; check the clocks"
                return .refused(seal(message(425, words), for: sealed, key: key))
            case .full:
                var busy = seal(message(503, "Too many sealed requests to tell replays apart; try again shortly"), for: sealed, key: key)
                busy.headers["Retry-After"] = String(replays.window)
                return .refused(busy)
            }
        }
        let opened = StoreRequest(method: request.method, target: request.target, headers: request.headers, body: plaintext)
        return .request(opened, sealedAs: sealed, key: key)
    }

    /// The answer sealed for `request` under `key`; an answer without a body (a 304) goes
    /// as it is, as HTTP gives it nothing to seal.
    func seal(_ response: StoreResponse, for request: SealedExchange.Request, key: PayloadKey) -> StoreResponse {
        guard !response.body.isEmpty else { return response }
        guard let (header, body) = try? SealedExchange.sealResponse(status: response.status, body: response.body, for: request, key: key) else {
            // Never fall back to plaintext in sealed mode: an empty 500 says enough.
            return StoreResponse(status: 500, body: [], headers: [:])
        }
        var headers = response.headers
        headers["Content-Type"] = "application/octet-stream"
        headers[SealHeader.fieldName] = header.fieldValue
        return StoreResponse(status: response.status, body: body, headers: headers)
    }
}
