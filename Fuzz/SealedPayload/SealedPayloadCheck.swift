import Data
import HTTPTypes
import Infrastructure

/// One fuzz input read as a sealed answer to `GET /auth/me` and opened with a fixed
/// key, as the payload layer opens every answer: two bytes of status (big-endian,
/// modulo 1000), the `X-IV` value up to the first NUL, then the body (ciphertext and
/// tag). A crash, a hang, or a broken rule below is a finding:
/// - opening is all or nothing: the whole plaintext (the body less its 16-byte tag),
///   the status kept and the nonce field gone, or an error that opens nothing;
/// - a body opens only with a nonce that is exactly 12 bytes of standard base64;
/// - a refusal is `unsealedResponse` or `unopenableResponse`, never anything else.
enum SealedPayloadCheck {
    /// Bytes 0 to 31: the seeds in Fuzz/Corpus/SealedPayload are sealed with it.
    static let key: AES256Key? = try? AES256Key(bytes: (0..<32).map { UInt8($0) })
    static let requestAssociatedData = "GET /auth/me"
    private static let nonceField = HTTPField.Name("X-IV")

    static func run(_ input: UnsafeRawBufferPointer) {
        guard input.count >= 2, let key, let nonceField else { return }
        let status = (Int(input[0]) << 8 | Int(input[1])) % 1000
        let rest = input.dropFirst(2)
        let end = rest.firstIndex(of: 0) ?? rest.endIndex
        let nonceText = String(decoding: rest[..<end], as: UTF8.self)
        let body = Array(rest[end...].dropFirst())
        var response = HTTPResponse(status: .init(code: status))
        response.headerFields[nonceField] = nonceText

        let opened: (HTTPResponse, [UInt8])
        do {
            opened = try PayloadSealingInterceptor(key: key).open(response, body, requestAssociatedData: requestAssociatedData)
        } catch {
            switch error {
            case .unsealedResponse, .unopenableResponse: return
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
        precondition(openedResponse.headerFields[nonceField] == nil, "the nonce field outlived opening")
        let sentNonce = response.headerFields[nonceField] ?? ""
        precondition(sentNonce.utf8.count == 16 && sentNonce.utf8.allSatisfy(isBase64), "opened with a nonce that is not 12 bytes of base64")
    }

    private static func isBase64(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
             UInt8(ascii: "+"), UInt8(ascii: "/"): true
        default: false
        }
    }
}
