import Data
import Foundation
import HTTPTypes
import Infrastructure

/// What an Oblivious HTTP gateway answers, for a fake transport to return: it opens the
/// encapsulated request the client really sent, and seals the answer for that request
/// (RFC 9458 section 4), so a test of the client's side meets the binding a real
/// gateway gives. The key is fresh for each stub.
public struct GatewayStub: Sendable {
    public let key: ObliviousGatewayKey

    public init(keyID: UInt8 = 1) throws {
        let privateKey = try X25519PrivateKey.generate()
        key = ObliviousGatewayKey(configuration: ObliviousKeyConfiguration(keyID: keyID, publicKey: privateKey.publicKey), privateKey: privateKey)
    }

    /// The client's interceptor, sealing to this stub's key, sent to the gateway at the
    /// well-known path of `authority`.
    public func interceptor(authority: String = "store.example", clock: any WallClock = SystemWallClock()) -> ObliviousHTTPInterceptor {
        ObliviousHTTPInterceptor(
            keys: FixedGatewayKeys(key.configuration),
            target: .init(scheme: "https", authority: authority, path: ObliviousGatewayPath.wellKnown),
            origin: ("https", authority), clock: clock
        )
    }

    /// The request inside a recorded encapsulated one, and what seals its answer; a
    /// request the key cannot open stops the test.
    public func open(_ recorded: RecordedRequest) -> (request: BinaryHTTPRequest, sealer: ObliviousResponseSealer) {
        guard let opened = try? ObliviousEncapsulation.openRequest(recorded.body ?? [], key: { $0 == key.configuration.keyID ? key : nil }),
              let request = try? BinaryHTTPRequest(decoding: opened.request) else {
            preconditionFailure("the request is not one the stub's key opens")
        }
        return (request, opened.response)
    }

    /// `inner` encapsulated for the recorded request, as a gateway's 200 answer.
    public func answer(_ recorded: RecordedRequest, _ inner: StubResponse) -> StubResponse {
        let fields = inner.headers.sorted { $0.key < $1.key }.map { BinaryHTTPField(name: $0.key, value: $0.value) }
        return answer(recorded, binaryHTTP: BinaryHTTPResponse(status: inner.status, headerFields: fields, content: inner.body).encoded())
    }

    /// `message`, whatever its bytes, encapsulated for the recorded request: an answer
    /// in another form than the client writes, or none it can read.
    public func answer(_ recorded: RecordedRequest, binaryHTTP message: [UInt8]) -> StubResponse {
        let (_, sealer) = open(recorded)
        guard let sealed = try? sealer.seal(message) else { preconditionFailure("the stub could not seal its answer") }
        return StubResponse(status: 200, headers: ["Content-Type": "message/ohttp-res"], body: sealed)
    }

    /// A fake transport that opens each request, hands the inner one to `respond`, and
    /// seals its answer: a gateway with the store behind it.
    public func transport(_ respond: @escaping @Sendable (BinaryHTTPRequest, Int) async -> StubResponse) -> SpyTransport {
        SpyTransport { recorded, index in
            await answer(recorded, respond(open(recorded).request, index))
        }
    }
}

/// A gateway key configuration that never changes: `reload` finds the same one.
public struct FixedGatewayKeys: GatewayKeySource {
    private let fixed: ObliviousKeyConfiguration
    public let origin = "a test's fixed configuration"

    public init(_ configuration: ObliviousKeyConfiguration) {
        fixed = configuration
    }

    public func configuration() -> ObliviousKeyConfiguration { fixed }
    public func reload() -> Bool { false }
}

extension BinaryHTTPRequest {
    /// The path without the query.
    public var pathOnly: String { String(path.prefix { $0 != "?" }) }

    /// A field's value by name, in any case.
    public func field(_ name: String) -> String? {
        headerFields.first { $0.name == name.lowercased() }?.value
    }
}
