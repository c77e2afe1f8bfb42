#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import HTTPTypes
import Infrastructure

/// The Oblivious HTTP client (RFC 9458): each request, whole (method, target, every
/// header, the body), is encoded as Binary HTTP, padded, and encapsulated to the
/// gateway's public key; it goes as a `POST` of `message/ohttp-req` to the gateway, or to
/// a relay that forwards it unchanged; and the answer is used only when it is an
/// encapsulated response that opens for this very request.
///
/// Nothing outside the encapsulation is acted on: an unsealed 401, 404, 304, 400 or 413,
/// a missing body, a relay's own page, all end the exchange as an unusable answer, and
/// nothing is stored; an unsealed 502, 503 or 504 is a relay or balancer saying the
/// gateway cannot be reached, as a dropped connection would. The one exception is the gateway saying it does not hold the key
/// (`ohttp-key`), which cannot be sealed, so may be anyone's word: for a request that may
/// be sent twice (RFC 9110 section 9.2.2), the configuration is taken once more from
/// where it came and the request tried once more; a login or a refresh is not sent
/// again, since the first may have been served. It changes nothing stored either way.
public struct ObliviousHTTPInterceptor: HTTPInterceptor {
    private let keys: any GatewayKeySource
    /// Where the encapsulated requests go: the gateway, or a relay in front of it.
    private let target: Target
    /// The backend's scheme and authority, for the sealed request: the chain's requests
    /// are in origin form, as the adapter knows where it connects.
    private let origin: (scheme: String, authority: String)
    /// Dates each request for the gateway's replay window.
    private let clock: any WallClock

    /// Where encapsulated requests are sent.
    public struct Target: Sendable, Equatable {
        public let scheme: String
        public let authority: String
        public let path: String

        public init(scheme: String, authority: String, path: String) {
            self.scheme = scheme
            self.authority = authority
            self.path = path
        }
    }

    public init(keys: any GatewayKeySource, target: Target, origin: (scheme: String, authority: String), clock: any WallClock = SystemWallClock()) {
        self.keys = keys
        self.target = target
        self.origin = origin
        self.clock = clock
    }

    public func intercept(
        _ request: HTTPRequest,
        body: [UInt8]?,
        context: ExchangeContext,
        next: @escaping HTTPHandler
    ) async throws(NetworkError) -> HTTPAnswer {
        var keyReloaded = false
        var clockOffset: TimeInterval?
        while true {
            let configuration = try await keys.configuration()
            let date = HTTPDate.format(Self.toTheMinute(clock.now.addingTimeInterval(clockOffset ?? 0)))
            let outcome = try await exchange(request, body: body, date: date, configuration: configuration, next: next)
            switch outcome {
            case .answer(let answer):
                return answer
            case .keyRefused where !request.method.isIdempotent:
                // Unsealed, so perhaps a relay's word about a request the gateway served.
                throw .gatewayKeyRefused(keyID: String(configuration.keyID), readAgain: false)
            case .keyRefused where !keyReloaded:
                // The gateway may have rotated: take the configuration once more, and try
                // again only if it is another one.
                keyReloaded = true
                guard try await keys.reload() else { throw .gatewayKeyRefused(keyID: String(configuration.keyID), readAgain: true) }
            case .keyRefused:
                throw .gatewayKeyRefused(keyID: String(configuration.keyID), readAgain: true)
            case .dateRefused(let gatewayDate) where clockOffset == nil:
                // RFC 9458 section 6.5.2: retry once, freshly encapsulated, on the
                // gateway's own clock, read from its sealed answer.
                clockOffset = gatewayDate.timeIntervalSince(clock.now)
            case .dateRefused:
                throw .sealedRequestRefused(message: "the gateway refused the request's date twice")
            }
        }
    }

    /// The request's `Date`, to the nearest minute: to the second, a clock's steady
    /// offset from the gateway's would link a client's requests (RFC 9458 section
    /// 6.5.1). At most 30 s off, a tenth of the gateway's 300 s window.
    static func toTheMinute(_ date: Date) -> Date {
        Date(timeIntervalSince1970: (date.timeIntervalSince1970 / 60).rounded() * 60)
    }

    private enum Outcome {
        case answer(HTTPAnswer)
        case keyRefused
        case dateRefused(gatewayDate: Date)
    }

    private func exchange(
        _ request: HTTPRequest,
        body: [UInt8]?,
        date: String,
        configuration: ObliviousKeyConfiguration,
        next: HTTPHandler
    ) async throws(NetworkError) -> Outcome {
        var addressed = request
        addressed.scheme = addressed.scheme ?? origin.scheme
        addressed.authority = addressed.authority ?? origin.authority
        let padded = BinaryHTTPMapping.message(addressed, body: body, date: date).paddedEncoding()
        let encapsulated: [UInt8]
        let opener: ObliviousResponseOpener
        do {
            (encapsulated, opener) = try ObliviousEncapsulation.sealRequest(padded, for: configuration)
        } catch {
            throw .sealingFailed(reason: error.description)
        }
        // The gateway's refusal of a larger one could not be sealed, so would prove
        // nothing: say it here, where it is known.
        guard encapsulated.count <= ObliviousGatewayLimit.requestBytes else {
            throw .requestTooLarge(limit: ObliviousGatewayLimit.requestBytes)
        }
        let outer = HTTPRequest(
            method: .post, scheme: target.scheme, authority: target.authority, path: target.path,
            headerFields: [.contentType: "message/ohttp-req", .accept: "message/ohttp-res"]
        )
        let sealed = try await next(outer, encapsulated)
        let (response, responseBody) = (sealed.response, sealed.body)
        // The only answer acted on: 200, message/ohttp-res, opening for this request.
        guard response.status == .ok, response.headerFields[.contentType]?.lowercased() == "message/ohttp-res" else {
            if Self.isKeyProblem(response, responseBody) { return .keyRefused }
            if Self.gatewayAwayStatuses.contains(response.status.code) { throw .gatewayUnreachable(status: response.status.code) }
            throw .unsealedResponse
        }
        // Two steps, each named when it fails: the decryption, then the Binary HTTP inside.
        let opened: [UInt8]
        do throws(ObliviousHTTPError) {
            opened = try opener.open(responseBody)
        } catch {
            throw .unopenableResponse(reason: error.description)
        }
        let inner: BinaryHTTPResponse
        do throws(ObliviousHTTPError) {
            inner = try BinaryHTTPResponse(decoding: opened)
        } catch {
            throw .malformedSealedResponse(reason: error.description)
        }
        guard let (answer, content) = BinaryHTTPMapping.response(inner) else {
            throw .malformedSealedResponse(reason: "a field name HTTP does not allow")
        }
        // Sealed for this request, so the gateway's own word: the date, or a replay.
        if answer.status.code == 400, Self.problemType(answer, content) == "https://iana.org/assignments/http-problem-types#date",
           let text = inner.field("date"), let gatewayDate = HTTPDate.parse(text, now: clock.now) {
            return .dateRefused(gatewayDate: gatewayDate)
        }
        if answer.status.code == 425 {
            throw .sealedRequestRefused(message: try? JSONDecoder().decode(ErrorBodyDTO.self, from: Data(content)).message)
        }
        return .answer(HTTPAnswer(response: answer, body: content, attempt: sealed.attempt))
    }

    /// The unsealed statuses a relay or a balancer gives for a gateway it cannot reach:
    /// taken as that, never as the store's word (the gateway seals its own 503).
    static let gatewayAwayStatuses: Set<Int> = [502, 503, 504]

    /// RFC 9458 section 5.3's `ohttp-key` problem: a 400 the gateway cannot seal.
    private static func isKeyProblem(_ response: HTTPResponse, _ body: [UInt8]) -> Bool {
        response.status.code == 400 && problemType(response, body) == "https://iana.org/assignments/http-problem-types#ohttp-key"
    }

    private struct Problem: Decodable {
        let type: String?
    }

    private static func problemType(_ response: HTTPResponse, _ body: [UInt8]) -> String? {
        guard response.headerFields[.contentType]?.lowercased().hasPrefix("application/problem+json") == true else { return nil }
        return (try? JSONDecoder().decode(Problem.self, from: Data(body)))?.type
    }
}
