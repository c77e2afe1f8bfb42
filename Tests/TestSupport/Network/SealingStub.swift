import Foundation
import Infrastructure

/// What a version-2 sealed server answers, for a fake transport to return: the answer
/// sealed for the request it actually received (PROTOCOL.md section 2), so a test of the
/// client's side meets the binding a real server gives.
public enum SealingStub {
    /// `json` sealed under `key` for `request`, with `status`; a request the key cannot
    /// read stops the test.
    public static func answer(_ request: RecordedRequest, status: Int, json: String, key: PayloadKey) -> StubResponse {
        let bound = binding(of: request, key: key)
        guard let (header, body) = try? SealedExchange.sealResponse(status: status, body: Array(json.utf8), for: bound, key: key) else {
            preconditionFailure("the stub could not seal its answer")
        }
        return StubResponse(
            status: status,
            headers: ["Content-Type": "application/octet-stream", SealHeader.fieldName: header.fieldValue],
            body: body
        )
    }

    /// The request as the server reads it: its header, line and body digest.
    public static func binding(of request: RecordedRequest, key: PayloadKey) -> SealedExchange.Request {
        guard let headerText = request.header(SealHeader.fieldName),
              let ring = try? PayloadKeyRing(current: key),
              let (bound, _) = try? SealedExchange.readRequest(
                  method: request.method.rawValue, target: request.target, headerText: headerText,
                  body: request.body ?? [], keys: ring, now: 0
              ) else {
            preconditionFailure("the request carries no Storefront-Seal the stub's key reads")
        }
        return bound
    }
}
