import Foundation
import HTTPTypes
import Infrastructure

/// The sealed payload layer of PROTOCOL.md section 2: request bodies are sealed with
/// AES-256-GCM, response bodies are opened, and a response body that is not sealed
/// is refused as a downgrade. Only in the chain when a payload key is configured;
/// without one the client speaks plain JSON.
public struct PayloadSealingInterceptor: HTTPInterceptor {
    private let key: AES256Key

    public init(key: AES256Key) {
        self.key = key
    }

    public func intercept(
        _ request: HTTPRequest,
        body: [UInt8]?,
        context: ExchangeContext,
        next: @escaping HTTPHandler
    ) async throws(NetworkError) -> (HTTPResponse, [UInt8]) {
        // `METHOD SP TARGET`: binds the body to this very request, query included.
        let requestAssociatedData = "\(request.method.rawValue) \(request.path ?? "")"
        var outgoing = request
        var outgoingBody = body
        if let body {
            guard let nonceField = Self.nonceField else { throw .sealingFailed(reason: "X-IV is not a field name") }
            let sealed: SealedMessage
            do {
                sealed = try AES256GCM.seal(body, associatedData: Array(requestAssociatedData.utf8), using: key)
            } catch {
                throw .sealingFailed(reason: error.description)
            }
            outgoingBody = sealed.ciphertextAndTag
            outgoing.headerFields[.contentType] = "application/octet-stream"
            outgoing.headerFields[nonceField] = Data(sealed.nonce.bytes).base64EncodedString()
        }
        let (response, responseBody) = try await next(outgoing, outgoingBody)
        return try open(response, responseBody, requestAssociatedData: requestAssociatedData)
    }

    /// `X-IV`, the nonce of a sealed body. A valid field name, so never nil; optional
    /// only because swift-http-types checks every name it is given.
    private static let nonceField = HTTPField.Name("X-IV")

    /// The response with its body opened, or an error; never a partly trusted body.
    /// `package` for the fuzz target, which hands it a server's header and bytes.
    package func open(
        _ response: HTTPResponse,
        _ body: [UInt8],
        requestAssociatedData: String
    ) throws(NetworkError) -> (HTTPResponse, [UInt8]) {
        // An empty body has nothing to open; its status is taken as sent (a 304, a 403).
        guard !body.isEmpty else { return (response, body) }
        guard let nonceField = Self.nonceField, let encodedNonce = response.headerFields[nonceField] else {
            throw .unsealedResponse
        }
        guard encodedNonce.count == 16,
              let nonceBytes = Data(base64Encoded: encodedNonce),
              let nonce = try? GCMNonce(bytes: nonceBytes) else {
            throw .unopenableResponse(reason: "X-IV is not 12 bytes of standard base64")
        }
        // `... SP STATUS`: a body sealed for another request, or with its status
        // changed on the way, fails here.
        let associatedData = "\(requestAssociatedData) \(Self.threeDigits(response.status.code))"
        let plaintext: [UInt8]
        do {
            plaintext = try AES256GCM.open(
                SealedMessage(nonce: nonce, ciphertextAndTag: body),
                associatedData: Array(associatedData.utf8),
                using: key
            )
        } catch {
            throw .unopenableResponse(reason: error.description)
        }
        var opened = response
        opened.headerFields[nonceField] = nil
        opened.headerFields[.contentType] = "application/json"
        return (opened, plaintext)
    }

    private static func threeDigits(_ status: Int) -> String {
        let digits = String(status)
        return String(repeating: "0", count: max(0, 3 - digits.count)) + digits
    }
}
