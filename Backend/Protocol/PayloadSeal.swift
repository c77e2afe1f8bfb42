import Foundation
import Infrastructure

/// The server's side of the payload layer (PROTOCOL.md section 2): request bodies are
/// opened with `METHOD SP TARGET`, response bodies sealed with `... SP STATUS`.
struct PayloadSeal: Sendable {
    let key: AES256Key

    /// The request with its body opened, or nil when it is unsealed or does not open.
    func open(_ request: StoreRequest) -> StoreRequest? {
        guard !request.body.isEmpty else { return request }
        guard let encodedNonce = request.header("X-IV"), encodedNonce.count == 16,
              let nonceBytes = Data(base64Encoded: encodedNonce),
              let nonce = try? GCMNonce(bytes: nonceBytes),
              let plaintext = try? AES256GCM.open(
                  SealedMessage(nonce: nonce, ciphertextAndTag: request.body),
                  associatedData: Array("\(request.method) \(request.target)".utf8),
                  using: key
              ) else {
            return nil
        }
        return StoreRequest(method: request.method, target: request.target, headers: request.headers, body: plaintext)
    }

    /// The response with its body sealed for `request`; a response without a body is sent as it is.
    func seal(_ response: StoreResponse, for request: StoreRequest) -> StoreResponse {
        guard !response.body.isEmpty else { return response }
        let associatedData = "\(request.method) \(request.target) \(response.status)"
        guard let sealed = try? AES256GCM.seal(response.body, associatedData: Array(associatedData.utf8), using: key) else {
            // Never fall back to plaintext in sealed mode: an empty 500 says enough.
            return StoreResponse(status: 500, body: [], headers: [:])
        }
        var headers = response.headers
        headers["Content-Type"] = "application/octet-stream"
        headers["X-IV"] = Data(sealed.nonce.bytes).base64EncodedString()
        return StoreResponse(status: response.status, body: sealed.ciphertextAndTag, headers: headers)
    }
}
