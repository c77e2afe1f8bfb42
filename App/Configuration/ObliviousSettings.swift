import AppShared
import Data
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Infrastructure

/// How the client seals with Oblivious HTTP (PROTOCOL.md section 2): where the gateway's
/// public key configuration comes from, and the relay the sealed requests go through.
struct ObliviousSettings: Sendable, Equatable {
    enum Keys: Sendable, Equatable {
        /// The `ohttp-keys` file `storefront serve` writes, and the configuration read from
        /// it at start-up; read again only when the gateway refuses the key.
        case file(String, ObliviousKeyConfiguration)
        /// The backend's `/.well-known/ohttp-gateway` (RFC 9540), over https.
        case gateway
    }

    let keys: Keys
    /// Where the sealed requests go instead of the gateway; nil sends them to it directly.
    let relay: URL?
    /// Where the configuration comes from, in the words of the option or variable.
    let source: String

    /// The key id the file names now, for `status`; nil when it comes from the gateway.
    var keyID: UInt8? {
        guard case .file(_, let configuration) = keys else { return nil }
        return configuration.keyID
    }

    /// From the options, else the variables; nil in plain mode. Each failure is a
    /// start-up sentence (78): a version 2 key names what replaced it.
    static func resolve(_ options: GlobalOptions, environment: [String: String], baseURL: URL) throws(StartupFailure) -> ObliviousSettings? {
        if environment["STOREFRONT_PAYLOAD_KEY"].map({ !$0.isEmpty }) == true {
            throw StartupFailure("STOREFRONT_PAYLOAD_KEY holds a version 2 payload key (a secret every client shared), which Oblivious HTTP replaces; "
                + "unset it and set STOREFRONT_OHTTP_KEYS_FILE to the ohttp-keys file `storefront serve` writes.")
        }
        let file = options.ohttpKeysFile ?? environment["STOREFRONT_OHTTP_KEYS_FILE"].flatMap { $0.isEmpty ? nil : $0 }
        let fromGateway = options.ohttpKeysFromGateway || ["1", "true", "yes"].contains(environment["STOREFRONT_OHTTP_KEYS_FROM_GATEWAY"]?.lowercased() ?? "")
        let relayText = options.ohttpRelay ?? environment["STOREFRONT_OHTTP_RELAY"].flatMap { $0.isEmpty ? nil : $0 }
        let relay = try relayText.map(Self.relay)
        if let file {
            if fromGateway { throw StartupFailure("A key configuration file and the gateway's own are both named; choose one.") }
            let configuration: ObliviousKeyConfiguration
            do {
                configuration = try FileGatewayKeySource.read(file)
            } catch {
                throw KeyFile.refusal(error, file: file)
            }
            let source = options.ohttpKeysFile != nil ? "--ohttp-keys-file \(file)" : "STOREFRONT_OHTTP_KEYS_FILE \(file)"
            return ObliviousSettings(keys: .file(file, configuration), relay: relay, source: source)
        }
        if fromGateway {
            // Fetched from the gateway, the configuration would go from this computer's
            // own address, one round trip before the sealed request: the gateway would
            // link the two by timing, and could hand this address a key of its own
            // (RFC 9458 section 6.3, RFC 9540 section 7).
            guard relay == nil else {
                throw StartupFailure("With a relay, the key configuration is taken from a file (--ohttp-keys-file): "
                    + "fetched from the gateway, it would go from this computer's own address, which the relay is there to hide.")
            }
            guard baseURL.scheme?.lowercased() == "https" else {
                throw StartupFailure("The gateway's key configuration is taken from the backend only over https (\(baseURL.absoluteString) is not): "
                    + "over plain http anyone on the path could hand out a key of their own. Use --ohttp-keys-file instead.")
            }
            return ObliviousSettings(keys: .gateway, relay: relay, source: "the gateway's \(ObliviousGatewayPath.wellKnown)")
        }
        if relay != nil { throw StartupFailure("STOREFRONT_OHTTP_RELAY carries sealed requests; set STOREFRONT_OHTTP_KEYS_FILE too.") }
        return nil
    }

    private static func relay(_ text: String) throws(StartupFailure) -> URL {
        guard case .success(let url) = ClientSettings.BaseURL.check(text) else {
            throw StartupFailure("The relay \(text) is not an http:// or https:// URL without a user or password; check --ohttp-relay.")
        }
        return url
    }
}
