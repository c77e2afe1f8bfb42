import Foundation
import Infrastructure

/// The answer to a request that is not sealed under version 2: a version-1 client's
/// (an `X-IV` header, or none on a GET), or one whose `Storefront-Seal` cannot be read.
/// It is sealed the way version 1 sealed (`X-IV`, associated data `METHOD SP TARGET
/// SP 400`) under the current key, so a version-1 client holding that key can read
/// which version the backend speaks; a version-2 client refuses any version-1 answer,
/// so this form cannot be used to downgrade one.
enum VersionRefusal {
    static let sentence = "This backend speaks version 2 of the sealed payload layer (the Storefront-Seal header, PROTOCOL.md section 2); "
        + "update the client, and use the key file the backend's operator gives you"

    static func answer(to request: StoreRequest, key: PayloadKey) -> StoreResponse {
        let refusal = message(400, sentence)
        let associatedData = Array("\(request.method) \(request.target) 400".utf8)
        guard let sealed = try? AES256GCM.seal(refusal.body, associatedData: associatedData, using: key.key) else {
            return StoreResponse(status: 500, body: [], headers: [:])
        }
        return StoreResponse(
            status: 400,
            body: sealed.ciphertextAndTag,
            headers: ["Content-Type": "application/octet-stream", "X-IV": Data(sealed.nonce.bytes).base64EncodedString()]
        )
    }
}
