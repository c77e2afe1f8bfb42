/// Why a backend's TLS identity was refused. The store is only trusted when it proves
/// who it is, so each reason names what the person should check.
public enum ServerIdentityFailure: Equatable, Sendable {
    /// The certificate chain does not lead to a trusted authority (self-signed, unknown CA).
    case untrusted
    /// The certificate is valid, but for another host name.
    case nameMismatch
    /// The certificate has expired, or is not valid yet.
    case expired
    /// The chain is trusted, but no certificate in it matches a configured pin.
    case pinMismatch
    /// Anything else the TLS handshake refused; `detail` is for diagnostics.
    case other(detail: String)
}
