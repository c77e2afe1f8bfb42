#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import HTTPTypes
import Infrastructure
import SystemPackage

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
/// fetched when none is kept fresh, and kept in the data folder (`KeptGatewayKeys`:
/// its lifetime, and what may replace it). Only over https, with the trust and pins of
/// every other request: over plain http anyone on the path could hand the client a key
/// of their own. Never with a relay: the fetch goes from the client's own address.
public actor WellKnownGatewayKeySource: GatewayKeySource {
    public nonisolated let origin: String
    private let request: HTTPRequest
    private let transport: any HTTPTransport
    /// Where the fetched configuration is kept between commands.
    private let keptFile: String
    private let clock: any WallClock
    private var current: ObliviousKeyConfiguration?

    /// The file, in the data folder, that keeps the fetched configuration.
    public static let keptFileName = "ohttp-keys-from-gateway"

    /// - Parameter dataFolder: where the fetched configuration is kept between commands.
    public init(scheme: String, authority: String, transport: any HTTPTransport, dataFolder: String, clock: any WallClock) {
        request = HTTPRequest(method: .get, scheme: scheme, authority: authority, path: ObliviousGatewayPath.wellKnown, headerFields: [.accept: "application/ohttp-keys"])
        origin = "\(scheme)://\(authority)\(ObliviousGatewayPath.wellKnown)"
        self.transport = transport
        keptFile = FilePath(dataFolder).appending(Self.keptFileName).string
        self.clock = clock
    }

    public func configuration() async throws(NetworkError) -> ObliviousKeyConfiguration {
        if let current { return current }
        let kept = readKept()
        if let kept, kept.isFresh(for: origin, at: now), let configuration = kept.configuration {
            current = configuration
            return configuration
        }
        let fetched = try await fetch(replacing: kept, refetch: false)
        current = fetched
        return fetched
    }

    /// Fetches again for the gateway's `ohttp-key` problem, once in a kept lifetime: the
    /// problem is unsealed, and a relay or hop could otherwise have the client ask as
    /// often as it likes.
    public func reload() async throws(NetworkError) -> Bool {
        let kept = readKept()
        if let kept, kept.isFresh(for: origin, at: now), kept.refetched { return false }
        let fresh = try await fetch(replacing: kept, refetch: true)
        defer { current = fresh }
        return fresh != current
    }

    private var now: Int64 { Int64(clock.now.timeIntervalSince1970.rounded(.down)) }

    private func fetch(replacing kept: KeptGatewayKeys?, refetch: Bool) async throws(NetworkError) -> ObliviousKeyConfiguration {
        let (response, body): (HTTPResponse, [UInt8])
        do {
            (response, body) = try await transport.send(request, body: nil)
        } catch {
            throw .transport(error)
        }
        guard response.status == .ok, response.headerFields[.contentType]?.lowercased() == "application/ohttp-keys" else {
            throw .gatewayKeysUnavailable(reason: "\(origin) answered \(response.status.code) without application/ohttp-keys")
        }
        let list: [ObliviousKeyConfiguration]
        do {
            list = try ObliviousKeyConfiguration.decodeList(body)
        } catch {
            throw .gatewayKeysUnavailable(reason: "\(origin) served no usable key configuration: \(error)")
        }
        guard let usable = ObliviousKeyConfiguration.firstUsable(in: list) else {
            throw .gatewayKeysUnavailable(reason: "\(origin) served no usable key configuration: \(ObliviousKeyConfiguration.noUsableSuite)")
        }
        let now = now
        if let kept, !kept.admits(list, from: origin, at: now) {
            throw .gatewayKeysUnavailable(
                reason: "\(origin) handed out another key while the one kept in \(keptFile) is fresh, which a gateway telling its clients "
                    + "apart would do; remove that file to take the new one"
            )
        }
        // While the kept one is fresh it is the only key sealed to, even when the list
        // puts another first: the spent re-fetch is all that changes.
        if let kept, kept.isFresh(for: origin, at: now), let configuration = kept.configuration {
            keep(KeptGatewayKeys(origin: origin, list: kept.list, freshUntil: kept.freshUntil, refetched: kept.refetched || refetch))
            return configuration
        }
        keep(KeptGatewayKeys(origin: origin, list: body, freshUntil: KeptGatewayKeys.freshUntil(maxAge: CacheDirectives(response).maxAge, now: now), refetched: refetch))
        return usable
    }

    /// Writes `kept` to the data folder; not kept is only slower: the next command
    /// fetches again.
    private func keep(_ kept: KeptGatewayKeys) {
        if let encoded = try? JSONEncoder().encode(kept) {
            try? PrivateFiles.writeAtomically(Array(encoded), to: keptFile, durable: false)
        }
    }

    private func readKept() -> KeptGatewayKeys? {
        guard let bytes = try? PrivateFiles.read(at: keptFile, maximumBytes: 64 * 1024) else { return nil }
        return try? JSONDecoder().decode(KeptGatewayKeys.self, from: Data(bytes))
    }
}
