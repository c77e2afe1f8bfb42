import HTTPTypes
import Infrastructure

/// Where the client takes the gateway's public key configuration from (RFC 9458
/// section 3): all it holds, since every request is sealed to that public key and no
/// secret is on the client. Asked again, once, when the gateway says it no longer has
/// the key (`ohttp-key`), as a rotated gateway would.
public protocol GatewayKeySource: Sendable {
    /// The configuration to seal with now.
    func configuration() async throws(NetworkError) -> ObliviousKeyConfiguration
    /// Takes the configuration again from where it came; whether it is another one.
    func reload() async throws(NetworkError) -> Bool
    /// Where it comes from, for `storefront status` and the sentences: a file's path, or
    /// the gateway's well-known URL.
    var origin: String { get }
}

/// The configuration in a file `storefront serve` writes (`application/ohttp-keys`):
/// read at start-up, and read again when the gateway refuses the key it named.
public actor FileGatewayKeySource: GatewayKeySource {
    public nonisolated let origin: String
    private var current: ObliviousKeyConfiguration

    /// Starts from `configuration`, as the settings read it from `path` at start-up (a
    /// missing or unusable file stops the command there), and reads `path` again only
    /// when the gateway refuses the key.
    public init(path: String, configuration: ObliviousKeyConfiguration) {
        origin = path
        current = configuration
    }

    public func configuration() -> ObliviousKeyConfiguration { current }

    public func reload() throws(NetworkError) -> Bool {
        let fresh: ObliviousKeyConfiguration
        do {
            fresh = try Self.read(origin)
        } catch {
            throw .gatewayKeysUnavailable(reason: error.description)
        }
        defer { current = fresh }
        return fresh != current
    }

    /// The file's first configuration this client can seal to: the gateway lists its
    /// current key first, but may offer a suite this client does not build.
    public static func read(_ path: String) throws(GatewayKeyFile.Failure) -> ObliviousKeyConfiguration {
        let list = try GatewayKeyFile.readConfigurations(at: path)
        guard let usable = ObliviousKeyConfiguration.firstUsable(in: list) else {
            throw .unusable(path: path, reason: list.isEmpty ? "it holds no key configuration" : ObliviousKeyConfiguration.noUsableSuite)
        }
        return usable
    }
}

/// The configuration the gateway serves at `/.well-known/ohttp-gateway` (RFC 9540),
/// fetched when first needed and again when the gateway refuses it. Only over https,
/// with the trust and pins of every other request: over plain http anyone on the path
/// could hand the client a key of their own.
public actor WellKnownGatewayKeySource: GatewayKeySource {
    public nonisolated let origin: String
    private let request: HTTPRequest
    private let transport: any HTTPTransport
    private var current: ObliviousKeyConfiguration?

    public init(scheme: String, authority: String, transport: any HTTPTransport) {
        request = HTTPRequest(method: .get, scheme: scheme, authority: authority, path: ObliviousGatewayPath.wellKnown, headerFields: [.accept: "application/ohttp-keys"])
        origin = "\(scheme)://\(authority)\(ObliviousGatewayPath.wellKnown)"
        self.transport = transport
    }

    public func configuration() async throws(NetworkError) -> ObliviousKeyConfiguration {
        if let current { return current }
        let fetched = try await fetch()
        current = fetched
        return fetched
    }

    public func reload() async throws(NetworkError) -> Bool {
        let fresh = try await fetch()
        defer { current = fresh }
        return fresh != current
    }

    private func fetch() async throws(NetworkError) -> ObliviousKeyConfiguration {
        let (response, body): (HTTPResponse, [UInt8])
        do {
            (response, body) = try await transport.send(request, body: nil)
        } catch {
            throw .transport(error)
        }
        guard response.status == .ok, response.headerFields[.contentType]?.lowercased() == "application/ohttp-keys" else {
            throw .gatewayKeysUnavailable(reason: "\(origin) answered \(response.status.code) without application/ohttp-keys")
        }
        do {
            guard let usable = ObliviousKeyConfiguration.firstUsable(in: try ObliviousKeyConfiguration.decodeList(body)) else {
                throw ObliviousHTTPError.malformed(ObliviousKeyConfiguration.noUsableSuite)
            }
            return usable
        } catch {
            throw .gatewayKeysUnavailable(reason: "\(origin) served no usable key configuration: \(error)")
        }
    }
}
