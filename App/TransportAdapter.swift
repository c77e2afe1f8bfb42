import AppShared
import Data

/// An adapter the chain sends through, and how to let go of its connections.
struct TransportAdapter: Sendable {
    let transport: any HTTPTransport
    let close: @Sendable () async -> Void

    static func cannotStart(_ error: TransportError) -> StartupFailure {
        let reason = if case .invalidRequest(let reason) = error { reason } else { "\(error)" }
        return StartupFailure("The HTTP client cannot start: \(reason).")
    }

    static let notBuiltIn = "STOREFRONT_TRANSPORT is urlsession, but this storefront was built without that adapter; "
        + "build it with `swift build --traits URLSessionTransport`, or unset STOREFRONT_TRANSPORT."
}
