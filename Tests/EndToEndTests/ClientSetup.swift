import TestSupport
import Testing

/// The adapter a `storefront` child carries HTTP with (`STOREFRONT_TRANSPORT`): the
/// main flows run on both, as the contract suite holds both to one contract.
enum ClientTransport: String, CaseIterable, Sendable, CustomStringConvertible {
    case asyncHTTPClient = "asynchttpclient"
    case urlSession = "urlsession"

    var description: String { rawValue }

    /// The adapters the `storefront` under test carries: URLSession only when the
    /// package was built with its trait, as scripts/swift-test builds it.
    static var builtIn: [ClientTransport] {
        #if URLSessionTransport
        allCases
        #else
        [.asyncHTTPClient]
        #endif
    }
}

/// Where a `storefront` child keeps its session (`STOREFRONT_SESSION_STORE`): the
/// suites that are not about files run over each store this machine has.
enum ClientSessionStore: String, CaseIterable, Sendable, CustomStringConvertible {
    case file
    case keyring

    var description: String { rawValue }

    /// The stores the suites run over: the keyring only where the kernel keeps keys
    /// for this user and the runner can give each test keyrings of its own. Where it
    /// cannot, `KeyringEndToEndTests` skips, saying why.
    static var usable: [ClientSessionStore] {
        KeyringNamespace.usable ? allCases : [.file]
    }
}

/// A child's HTTP adapter and session store: the flows run over every
/// combination. Each dimension names the choices of one of the root's lists
/// (`CompositionRoot+Choices.swift`); `ClientSetupTests` fails, naming it, for a choice
/// the root offers that no dimension runs.
struct ClientSetup: Sendable, CustomTestStringConvertible {
    let transport: ClientTransport
    let store: ClientSessionStore

    var testDescription: String { "\(transport), \(store)" }

    static var all: [ClientSetup] {
        ClientTransport.builtIn.flatMap { transport in
            ClientSessionStore.usable.map { ClientSetup(transport: transport, store: $0) }
        }
    }
}
