import Data
import HTTPTypes
import Infrastructure

/// One fuzz input read as a sealed answer to a fixed `GET /auth/me` and opened with a
/// fixed key, as the payload layer opens every answer: two bytes of status
/// (big-endian, modulo 1000), the `Storefront-Seal` value up to the first NUL, then the
/// body (ciphertext and tag). A crash, a hang, or a broken rule below is a finding:
/// - opening is all or nothing: the whole plaintext (the body less its 16-byte tag),
///   the status kept and the seal field gone, or an error that opens nothing;
/// - a body opens only under a version-2 header that names our key and a 12-byte nonce;
/// - a refusal is one the layer names (unsealed, unopenable, the key refused, a
///   sealed 425), never anything else.
enum SealedPayloadCheck {
    /// Bytes 0 to 31 under the id `fuzz`: the seeds in Fuzz/Corpus/SealedPayload are sealed with it.
    static let key: PayloadKey? = try? PayloadKey(id: "fuzz", key: AES256Key(bytes: (0..<32).map { UInt8($0) }))
    private static let sealField = HTTPField.Name(SealHeader.fieldName)

    /// The request every input answers: nonce of twelve zero bytes, sealed at 1764104943.
    static func request(keyID: String) throws -> SealedExchange.Request {
        let header = SealHeader(keyID: keyID, nonce: try GCMNonce(bytes: [UInt8](repeating: 0, count: 12)), time: 1_764_104_943)
        return SealedExchange.Request(header: header, method: "GET", target: "/auth/me", bodyDigest: try SHA256.hash([]))
    }

    static func run(_ input: UnsafeRawBufferPointer) {
        guard input.count >= 2, let key, let sealField, let request = try? request(keyID: key.id) else { return }
        let status = (Int(input[0]) << 8 | Int(input[1])) % 1000
        let rest = input.dropFirst(2)
        let end = rest.firstIndex(of: 0) ?? rest.endIndex
        let headerText = String(decoding: rest[..<end], as: UTF8.self)
        let body = Array(rest[end...].dropFirst())
        var response = HTTPResponse(status: .init(code: status))
        response.headerFields[sealField] = headerText

        let opened: (HTTPResponse, [UInt8])
        do {
            opened = try PayloadSealingInterceptor(key: key).open(response, body, for: request)
        } catch {
            switch error {
            case .unsealedResponse, .unopenableResponse, .payloadKeyRefused: return
            case .sealedRequestRefused: precondition(status == 425, "a \(status) read as a refusal"); return
            default: preconditionFailure("a sealed answer was refused as \(error)")
            }
        }
        let (openedResponse, plaintext) = opened
        precondition(openedResponse.status.code == status, "opening changed the status")
        guard !body.isEmpty else {
            precondition(plaintext.isEmpty, "an empty body opened to bytes")
            return
        }
        precondition(plaintext.count == body.count - 16, "opened \(plaintext.count) bytes of a \(body.count)-byte body")
        precondition(openedResponse.headerFields[sealField] == nil, "the seal field outlived opening")
        // As the response holds it: swift-http-types turns a control character into a space.
        guard let header = try? SealHeader(parsing: response.headerFields[sealField] ?? "") else {
            preconditionFailure("opened under a header that does not parse")
        }
        precondition(header.version == 2 && header.keyID == key.id && header.nonce != nil, "opened under \(header)")
    }
}
