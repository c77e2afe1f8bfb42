import Data
import Foundation
import HTTPClientAdapter
import HTTPTypes
import Infrastructure

/// One request sealed to the gateway as a client seals it, sent through the client's
/// transport, and its answer opened.
struct SealedCall {
    let status: Int
    let content: [UInt8]

    static func send(
        _ method: String, _ path: String, json: String? = nil, bearer: String? = nil, dated date: Date = Date(),
        to transport: AsyncHTTPClientTransport, configuration: ObliviousKeyConfiguration
    ) async throws -> SealedCall {
        var fields = [BinaryHTTPField(name: "date", value: HTTPDate.format(date))]
        if json != nil { fields.append(BinaryHTTPField(name: "content-type", value: "application/json")) }
        if let bearer { fields.append(BinaryHTTPField(name: "authorization", value: "Bearer \(bearer)")) }
        // An empty authority names none (RFC 9292 section 3.4), so the request is the own
        // of whichever gateway the transport reaches (PROTOCOL.md, "Whom the store answers for").
        let message = BinaryHTTPRequest(method: method, scheme: "http", authority: "", path: path, headerFields: fields, content: Array((json ?? "").utf8))
        let (body, opener) = try ObliviousEncapsulation.sealRequest(message.encoded(), for: configuration)
        let request = HTTPRequest(
            method: .post, scheme: nil, authority: nil, path: ObliviousGatewayPath.wellKnown,
            headerFields: [.contentType: "message/ohttp-req"]
        )
        let (_, sealed) = try await transport.send(request, body: body)
        let answer = try BinaryHTTPResponse(decoding: try opener.open(sealed))
        return SealedCall(status: answer.status, content: answer.content)
    }

    /// The body of every login the benchmark sends: the catalogue's first user.
    static let login = #"{"username":"emilys","password":"emilyspass"}"#

    /// Signs in once through `transport`: the access token.
    static func signIn(to transport: AsyncHTTPClientTransport, configuration: ObliviousKeyConfiguration) async throws -> String {
        try await send("POST", "/auth/login", json: login, to: transport, configuration: configuration).accessToken()
    }

    /// The benchmark's search, signed in with `token`, which must be answered 200.
    static func search(
        bearer token: String, to transport: AsyncHTTPClientTransport, configuration: ObliviousKeyConfiguration
    ) async throws {
        let answer = try await send("GET", BackendBenchmark.searchPath, bearer: token, to: transport, configuration: configuration)
        guard answer.status == 200 else {
            throw BenchmarkFailure(reason: "a search answered \(answer.status): \(String(decoding: answer.content, as: UTF8.self))")
        }
    }

    /// The access token of a login's answer.
    func accessToken() throws -> String {
        let object = try JSONSerialization.jsonObject(with: Data(content)) as? [String: Any]
        guard let token = object?["accessToken"] as? String else { throw BenchmarkFailure(reason: "a login answered no token") }
        return token
    }
}
