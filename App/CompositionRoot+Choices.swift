import AppShared
import Data
import HTTPClientAdapter
import Infrastructure
#if URLSessionTransport
import URLSessionAdapter
#endif

/// The seams a person can swap, each with every implementation it offers: the one place
/// that decides which type a protocol gets when a setting names it. A store or adapter
/// of your own is its type and one entry in its list; `--help`, completion, the refusal
/// of an unknown name and `status` read the lists (and the seam's contract suite lists
/// its stores once: `docs/TESTING.md`).
extension CompositionRoot {
    /// Where the session is kept: `--session-store`, `STOREFRONT_SESSION_STORE`; `file` unless told.
    static let sessionStores = ImplementationChoices<ClientSettings, any SessionStore>(
        what: "session store", variable: "STOREFRONT_SESSION_STORE", choices: [
            ImplementationChoice(name: "file", summary: "session.json in the data folder") { settings throws(StartupFailure) in
                FileSessionStore(directory: settings.stateDirectory)
            },
            ImplementationChoice(name: "keyring", summary: "a key in the kernel's persistent keyring, never on disk") { settings throws(StartupFailure) in
                KeyringSessionStore(directory: settings.stateDirectory)
            },
        ]
    )

    /// The HTTP stack under the interceptor chain: `STOREFRONT_TRANSPORT`. URLSession is
    /// named in every binary, and refused with how to build it where it was left out.
    static let transports = ImplementationChoices<TransportConfiguration, any HTTPTransport>(
        what: "transport", variable: "STOREFRONT_TRANSPORT", choices: [
            ImplementationChoice(name: "asynchttpclient", summary: "AsyncHTTPClient on SwiftNIO") { configuration throws(StartupFailure) in
                do throws(TransportError) {
                    return try AsyncHTTPClientTransport(configuration: configuration)
                } catch {
                    throw cannotStart(error)
                }
            },
            ImplementationChoice(name: "urlsession", summary: "Foundation's URLSession") { configuration throws(StartupFailure) in
                #if URLSessionTransport
                do throws(TransportError) {
                    return try URLSessionTransport(configuration: configuration)
                } catch {
                    throw cannotStart(error)
                }
                #else
                throw StartupFailure(
                    "STOREFRONT_TRANSPORT is urlsession, but this storefront was built without that adapter; "
                        + "build it with `swift build --traits URLSessionTransport`, or unset STOREFRONT_TRANSPORT."
                )
                #endif
            },
        ]
    )

    /// An adapter that refused its configuration, as the start-up sentence.
    private static func cannotStart(_ error: TransportError) -> StartupFailure {
        let reason = if case .invalidRequest(let reason) = error { reason } else { "\(error)" }
        return StartupFailure("The HTTP client cannot start: \(reason).")
    }
}
