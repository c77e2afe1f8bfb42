#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import HTTPTypes
import Infrastructure

/// The sealed payload layer of PROTOCOL.md section 2, version 2, on the client: every
/// request gets a `Storefront-Seal` header with a fresh nonce (a body is sealed under
/// it), and every answer must be sealed under the same key for that very request, or
/// it is refused: an answer recorded for another request, an unsealed or version-1
/// answer, one under another key. Only in the chain when a payload key is configured;
/// without one the client speaks plain JSON.
public struct PayloadSealingInterceptor: HTTPInterceptor {
    private let key: PayloadKey
    /// Stamps each request's `t`, which the server checks against its replay window.
    private let clock: any WallClock

    public init(key: PayloadKey, clock: any WallClock = SystemWallClock()) {
        self.key = key
        self.clock = clock
    }

    public func intercept(
        _ request: HTTPRequest,
        body: [UInt8]?,
        context: ExchangeContext,
        next: @escaping HTTPHandler
    ) async throws(NetworkError) -> (HTTPResponse, [UInt8]) {
        guard let sealField = Self.sealField else { throw .sealingFailed(reason: "\(SealHeader.fieldName) is not a field name") }
        let sealed: SealedExchange.Request
        let outgoingBody: [UInt8]?
        do {
            (sealed, outgoingBody) = try SealedExchange.sealRequest(
                method: request.method.rawValue,
                target: request.path ?? "",
                body: body,
                key: key,
                time: Int64(clock.now.timeIntervalSince1970.rounded(.down))
            )
        } catch {
            throw .sealingFailed(reason: error.description)
        }
        var outgoing = request
        outgoing.headerFields[sealField] = sealed.header.fieldValue
        if outgoingBody != nil {
            outgoing.headerFields[.contentType] = "application/octet-stream"
        }
        // A GET sealed nothing, so libcrypto is still untouched: set the answer's
        // cipher up while the request is in flight, not after the answer came.
        let preparing = outgoingBody == nil ? Task { [key] in key.key.prepare(encrypting: false) } : nil
        let (response, responseBody) = try await next(outgoing, outgoingBody)
        await preparing?.value
        return try open(response, responseBody, for: sealed)
    }

    /// `Storefront-Seal`. A valid field name, so never nil; optional only because
    /// swift-http-types checks every name it is given.
    private static let sealField = HTTPField.Name(SealHeader.fieldName)
    /// Version 1's nonce header: its presence names a version-1 answer.
    private static let versionOneField = HTTPField.Name("X-IV")

    /// The answer to `request` with its body opened, or an error; never a partly
    /// trusted body. `package` for the fuzz target, which hands it a server's bytes.
    package func open(
        _ response: HTTPResponse,
        _ body: [UInt8],
        for request: SealedExchange.Request
    ) throws(NetworkError) -> (HTTPResponse, [UInt8]) {
        let headerText = Self.sealField.flatMap { response.headerFields[$0] }
        guard !body.isEmpty else {
            // The one answer that cannot be sealed: the server holds no key it accepts by
            // our id. Unauthenticated by nature, so it changes nothing; it ends the command.
            if let headerText, (try? SealHeader(parsing: headerText))?.refusal == .unknownKey {
                throw .payloadKeyRefused(keyID: key.id)
            }
            // Otherwise an empty body has nothing to open; its status is taken as sent (a 304).
            return (response, body)
        }
        guard let headerText else {
            let isVersionOne = Self.versionOneField.map { response.headerFields[$0] != nil } ?? false
            throw isVersionOne ? .unopenableResponse(reason: "it is a version-1 sealed answer, and this client speaks version 2 only") : .unsealedResponse
        }
        let plaintext: [UInt8]
        do {
            let header = try SealHeader.parsed(headerText)
            plaintext = try SealedExchange.openResponse(status: response.status.code, header: header, body: body, for: request, key: key)
        } catch {
            throw .unopenableResponse(reason: error.description)
        }
        // Sealed for this request, so the server's own refusal: a replay, or a clock too far off.
        if response.status.code == 425 {
            throw .sealedRequestRefused(message: try? JSONDecoder().decode(ErrorBodyDTO.self, from: Data(plaintext)).message)
        }
        var opened = response
        if let sealField = Self.sealField { opened.headerFields[sealField] = nil }
        opened.headerFields[.contentType] = "application/json"
        return (opened, plaintext)
    }
}
