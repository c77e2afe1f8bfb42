import Foundation
import Infrastructure

/// The backend's Oblivious HTTP gateway (RFC 9458), at RFC 9540's well-known resource:
/// a `GET` gives the key configurations, a `POST` of an encapsulated request is opened,
/// served through the same routes plain mode serves, and answered encapsulated.
///
/// Everything the client acts on is inside the encapsulated answer: every status (a
/// 404, a 401, a 304, the refusals below), every header, every body. The only answers
/// not sealed are those given before the request is opened (RFC 9458 section 5.2): an
/// unknown key (`ohttp-key`, section 5.3), a request that does not open, and one over
/// the size cap.
struct ObliviousGateway: Sendable {
    static let path = ObliviousGatewayPath.wellKnown
    /// How far a request's `Date` may be from the gateway's clock, and how long its
    /// `enc` is remembered.
    static let window = ReplayWindow.standard

    let keys: GatewayKeys
    /// Every opened request's `enc`, shared by every gateway of the store, and the
    /// tokens a signed-in request's admission reads.
    let store: any BackendStore
    let clock: any WallClock

    func handle(
        _ request: StoreRequest,
        bodyTooLarge: Bool,
        log: (String) -> Void,
        serve: (StoreRequest, AccessRead?) async -> StoreResponse
    ) async -> StoreResponse {
        let now = Int64(clock.now.timeIntervalSince1970.rounded(.down))
        let ring = keys.ring(log: log)
        switch request.method {
        case "GET":
            let list = ObliviousKeyConfiguration.encodeList(ring.configurations(at: now))
            return StoreResponse(status: 200, body: list, headers: ["Content-Type": "application/ohttp-keys", "Cache-Control": "max-age=3600"])
        case "POST":
            break
        default:
            return StoreResponse(status: 405, body: [], headers: ["Allow": "GET, POST"])
        }
        guard request.header("Content-Type")?.lowercased() == "message/ohttp-req" else {
            return problem(415, type: "about:blank", title: "an Oblivious HTTP gateway takes message/ohttp-req")
        }
        let key = { (id: UInt8) in ring.acceptedKey(id: id, at: now) }
        if bodyTooLarge {
            // Refused before it was opened, so unsealed (RFC 9458 section 5.2). Sealed to
            // the request's `enc`, it would be believed, and a relay that padded any
            // request would have its client say that the request was too long.
            return problem(413, type: "about:blank", title: "request body too large")
        }
        let opened: ObliviousOpenedRequest
        do {
            opened = try ObliviousEncapsulation.openRequest(request.body, key: key)
        } catch .unknownKey, .unsupportedSuite {
            return problem(400, type: "https://iana.org/assignments/http-problem-types#ohttp-key", title: "key identifier unknown")
        } catch {
            return problem(400, type: "about:blank", title: "the encapsulated request did not open")
        }
        let sealer = opened.response
        let inner = try? BinaryHTTPRequest(decoding: opened.request)
        let sent = inner?.headerFields.first(where: { $0.name == "date" }).flatMap { HTTPDate.parse($0.value, now: clock.now) }
        let judgement = Self.window.judge(sent: sent.map { Int64($0.timeIntervalSince1970) }, now: now)
        let innerRequest = inner.map(Self.storeRequest)
        // A request to be served with a bearer token has the token read with its admission.
        let bearer = judgement.servable ? innerRequest?.bearerToken : nil
        let bearerDigest = bearer.flatMap { try? TokenIssuer.digest($0) }
        var tokenRead: AccessRead?
        // Remembered before any answer, whatever it is: a request refused here is never
        // served later, when a relay that kept it sends it again.
        if let until = judgement.rememberUntil {
            let admission: Admission
            do {
                if let bearer, let bearerDigest {
                    let (admitted, record) = try await store.admit(
                        opened.encapsulatedKey, until: until, now: now, share: judgement.share, readingAccess: bearerDigest
                    )
                    (admission, tokenRead) = (admitted, AccessRead(token: bearer, record: record))
                } else {
                    admission = try await store.admit(opened.encapsulatedKey, until: until, now: now, share: judgement.share)
                }
            } catch {
                // Never served unrecorded: a copy of it could be served again after.
                log("a request could not be remembered against replays, so it was not served: \(error)")
                return encapsulated(busy(), with: sealer, now: now)
            }
            switch (admission, judgement.share) {
            case (.admitted, _):
                break
            case (.replayed, _):
                return encapsulated(message(425, "This request was already received; it is not served twice"), with: sealer, now: now)
            case (.full, .served):
                log("the replay memory holds its limit of requests served; a request was refused until a sweep frees room")
                return encapsulated(busy(), with: sealer, now: now)
            case (.full, .refused):
                // Refused for its date all the same; only its memory is lost (PROTOCOL.md).
                log("the replay memory holds its limit of requests refused for their date; a request dated ahead was refused unremembered")
            }
        }
        guard let inner, let innerRequest else {
            return encapsulated(message(400, "The encapsulated request is not a Binary HTTP request"), with: sealer, now: now)
        }
        // One store, so one origin: the one the outer request reached (RequestTarget).
        let named = [inner.authority].filter { !$0.isEmpty } + inner.headerFields.filter { $0.name == "host" }.map(\.value)
        guard !RequestTarget.isMisdirected(scheme: inner.scheme, authorities: named, reachedAs: request.authority) else {
            return encapsulated(RequestTarget.misdirected(), with: sealer, now: now)
        }
        guard judgement.servable else {
            return encapsulated(dateProblem(), with: sealer, now: now)
        }
        return encapsulated(await serve(innerRequest, tokenRead), with: sealer, now: now)
    }

    /// The opened request as the store logic sees it.
    private static func storeRequest(_ inner: BinaryHTTPRequest) -> StoreRequest {
        var headers: [String: String] = [:]
        for field in inner.headerFields { headers[field.name] = field.value }
        return StoreRequest(method: inner.method, target: inner.path, headers: headers, body: inner.content)
    }

    /// `answer` as Binary HTTP, with the gateway's `Date`, padded and sealed for its
    /// request; the outer answer says nothing but "an encapsulated response".
    private func encapsulated(_ answer: StoreResponse, with sealer: ObliviousResponseSealer, now: Int64) -> StoreResponse {
        var fields = answer.headers.sorted { $0.key < $1.key }.map { BinaryHTTPField(name: $0.key, value: $0.value) }
        fields.append(BinaryHTTPField(name: "date", value: HTTPDate.format(Date(timeIntervalSince1970: TimeInterval(now)))))
        let inner = BinaryHTTPResponse(status: answer.status, headerFields: fields, content: answer.body)
        guard let sealed = try? sealer.seal(inner.paddedEncoding()) else {
            // Never fall back to plaintext: an empty 500 says enough.
            return StoreResponse(status: 500, body: [], headers: [:])
        }
        return StoreResponse(status: 200, body: sealed, headers: ["Content-Type": "message/ohttp-res", "Cache-Control": "private, no-store"])
    }

    /// The store cannot remember the request now: refused, not served, worth retrying.
    private func busy() -> StoreResponse {
        var busy = message(503, "The backend cannot record requests right now; try again shortly")
        busy.headers["Retry-After"] = "30"
        return busy
    }

    /// RFC 9458 section 6.5.2: the request's `Date` is missing or outside the window.
    private func dateProblem() -> StoreResponse {
        problem(400, type: "https://iana.org/assignments/http-problem-types#date", title: "date field in request outside of acceptable range")
    }

    /// An RFC 9457 problem document.
    private func problem(_ status: Int, type: String, title: String) -> StoreResponse {
        let body = Array(#"{"type":"\#(type)","title":"\#(title)"}"#.utf8)
        return StoreResponse(status: status, body: body, headers: ["Content-Type": "application/problem+json"])
    }
}
