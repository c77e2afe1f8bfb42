import Backend
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Infrastructure
import TestSupport

/// A test backend's gateway key ring, and the clients' key configuration file for it,
/// in a private folder of its own that lives as long as this value.
final class GatewayKey: Sendable {
    let ring: GatewayKeyRing
    /// `application/ohttp-keys`, as `storefront serve` writes it: what a client is given.
    let configurationFile: String
    private let folder: TemporaryDirectory

    init(ring: GatewayKeyRing) throws {
        self.ring = ring
        folder = try TemporaryDirectory()
        configurationFile = folder.file("ohttp-keys")
        try GatewayKeyFile.writeConfigurations([ring.current.configuration], to: configurationFile)
    }

    /// A key whose configuration names `keyID` but whose public key is another: what a
    /// client holding a wrong or forged configuration seals to.
    static func impostor(of keyID: UInt8) throws -> GatewayKey {
        let other = try X25519PrivateKey.generate()
        let key = ObliviousGatewayKey(configuration: ObliviousKeyConfiguration(keyID: keyID, publicKey: other.publicKey), privateKey: other)
        return try GatewayKey(ring: GatewayKeyRing(current: key))
    }

    /// Sends one request to `backend`'s gateway, encapsulated as a client would, from
    /// outside the client: a second device spending a token, say. Its answer's status
    /// and content, opened.
    func send(_ method: String, _ path: String, json: String?, to backend: String) async throws -> (status: Int, content: [UInt8]) {
        let message = try Self.request(method, path, json: json, to: backend)
        let answer = try await Self.exchange(message.encoded(), with: ring.current.configuration, at: backend)
        return (answer.status, answer.content)
    }

    /// A request as the client makes it for `backend`: for its authority, dated now.
    static func request(_ method: String, _ path: String, json: String?, bearer: String? = nil, to backend: String) throws -> BinaryHTTPRequest {
        guard let url = URL(string: backend), let host = url.host else { throw CLI.Failure(description: "\(backend) is no URL") }
        var fields = [BinaryHTTPField(name: "date", value: HTTPDate.format(Date()))]
        if json != nil { fields.append(BinaryHTTPField(name: "content-type", value: "application/json")) }
        if let bearer { fields.append(BinaryHTTPField(name: "authorization", value: "Bearer \(bearer)")) }
        let authority = host + (url.port.map { ":\($0)" } ?? "")
        return BinaryHTTPRequest(method: method, scheme: "http", authority: authority, path: path, headerFields: fields, content: Array((json ?? "").utf8))
    }

    /// `message`, Binary HTTP in whatever form, sealed to `configuration` and posted to
    /// `backend`'s gateway; the answer opened.
    static func exchange(_ message: [UInt8], with configuration: ObliviousKeyConfiguration, at backend: String) async throws -> BinaryHTTPResponse {
        let (body, opener) = try ObliviousEncapsulation.sealRequest(message, for: configuration)
        guard let url = URL(string: backend + ObliviousGatewayPath.wellKnown) else { throw CLI.Failure(description: "no URL") }
        var request = URLRequest(url: url)
        request.httpMethod = "POST"
        request.httpBody = Data(body)
        request.setValue("message/ohttp-req", forHTTPHeaderField: "Content-Type")
        let (data, _) = try await URLSession.shared.data(for: request)
        return try BinaryHTTPResponse(decoding: try opener.open(Array(data)))
    }

    /// A ring of one fresh key, as `storefront serve` makes one.
    static func fresh() throws -> GatewayKey {
        try GatewayKey(ring: GatewayKeyRing(current: GatewayKeyRing.freshKey(after: nil)))
    }

    /// The current key's id, as `status` and the sentences show it.
    var id: String { String(ring.current.configuration.keyID) }

    /// The private key as text in every form a file or a log could hold it: what must never leak.
    var secretTexts: [String] {
        let secret = ring.current.privateKey.rawRepresentation
        let standard = Data(secret).base64EncodedString()
        let url = standard.replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
        return [standard, url, secret.map { String(format: "%02x", $0) }.joined()]
    }
}
