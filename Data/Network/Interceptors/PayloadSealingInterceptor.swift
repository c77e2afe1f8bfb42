import Foundation
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

    public func intercept(_ request: HTTPRequest, next: @escaping HTTPHandler) async throws(NetworkError) -> HTTPResponse {
        // `METHOD SP TARGET`: binds the body to this very request, query included.
        let requestAssociatedData = "\(request.method.rawValue) \(request.target)"
        var outgoing = request
        if let body = request.body {
            let sealed: SealedMessage
            do {
                sealed = try AES256GCM.seal(body, associatedData: Array(requestAssociatedData.utf8), using: key)
            } catch {
                throw .sealingFailed(reason: error.description)
            }
            outgoing.body = sealed.ciphertextAndTag
            outgoing.headers = outgoing.headers.filter { $0.key.lowercased() != "content-type" }
            outgoing.headers["Content-Type"] = "application/octet-stream"
            outgoing.headers["X-IV"] = Data(sealed.nonce.bytes).base64EncodedString()
        }
        let response = try await next(outgoing)
        return try open(response, requestAssociatedData: requestAssociatedData)
    }

    /// The response with its body opened, or an error; never a partly trusted body.
    private func open(_ response: HTTPResponse, requestAssociatedData: String) throws(NetworkError) -> HTTPResponse {
        // An empty body has nothing to open; its status is taken as sent (a 304, a 403).
        guard !response.body.isEmpty else { return response }
        guard let encodedNonce = response.header("X-IV") else {
            throw .unsealedResponse
        }
        guard encodedNonce.count == 16,
              let nonceBytes = Data(base64Encoded: encodedNonce),
              let nonce = try? GCMNonce(bytes: nonceBytes) else {
            throw .unopenableResponse(reason: "X-IV is not 12 bytes of standard base64")
        }
        // `... SP STATUS`: a body sealed for another request, or with its status
        // changed on the way, fails here.
        let associatedData = "\(requestAssociatedData) \(Self.threeDigits(response.status))"
        let plaintext: [UInt8]
        do {
            plaintext = try AES256GCM.open(
                SealedMessage(nonce: nonce, ciphertextAndTag: response.body),
                associatedData: Array(associatedData.utf8),
                using: key
            )
        } catch {
            throw .unopenableResponse(reason: error.description)
        }
        var opened = response
        opened.body = plaintext
        opened.headers = response.headers.filter { !["x-iv", "content-type"].contains($0.key.lowercased()) }
        opened.headers["Content-Type"] = "application/json"
        return opened
    }

    private static func threeDigits(_ status: Int) -> String {
        let digits = String(status)
        return String(repeating: "0", count: max(0, 3 - digits.count)) + digits
    }
}
