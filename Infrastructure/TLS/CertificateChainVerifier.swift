import CLibCrypto

/// Verifies a server's certificate chain as presented in a TLS handshake, with
/// libcrypto's `X509_verify_cert`: chain to a trusted authority, host name, dates.
///
/// The TLS stack verifies the connection it makes; this exists for what that stack
/// does not hand back: the chain it built (to match public-key pins against every
/// certificate in it, the authority included) and the precise reason for a refusal
/// (untrusted, wrong name, expired), which the person has to act on.
public enum CertificateChainVerifier {
    /// Where trusted authorities come from.
    public enum Authorities: Sendable, Equatable {
        /// The system's trust store (OpenSSL's default paths, e.g. /etc/ssl/certs).
        case system
        /// Only the PEM certificates in this file.
        case pemFile(String)
    }

    /// Verifies `presented` (DER, leaf first, as the server sent it) for `host`, and
    /// returns the chain libcrypto built, leaf first and the trusted authority last.
    /// - Parameter moment: the time the dates are checked at, in seconds since 1970;
    ///   nil for now. Tests fix it, so certificates made once never expire under them.
    public static func verify(
        presented: [[UInt8]],
        host: String,
        authorities: Authorities,
        at moment: Int? = nil
    ) throws(CertificateVerificationError) -> [VerifiedCertificate] {
        guard let leafDER = presented.first else { throw .malformed("the server presented no certificate") }
        let store = try makeStore(authorities)
        defer { X509_STORE_free(store) }

        let certificates = try presented.map { der throws(CertificateVerificationError) in try parse(der) }
        defer { certificates.forEach { X509_free($0) } }
        guard let untrusted = OPENSSL_sk_new_null() else { throw .malformed("out of memory") }
        defer { OPENSSL_sk_free(untrusted) }
        for certificate in certificates.dropFirst() {
            guard OPENSSL_sk_push(untrusted, UnsafeRawPointer(certificate)) > 0 else { throw .malformed("out of memory") }
        }

        guard let context = X509_STORE_CTX_new() else { throw .malformed("out of memory") }
        defer { X509_STORE_CTX_free(context) }
        guard X509_STORE_CTX_init(context, store, certificates[0], untrusted) == 1 else {
            throw .malformed("X509_STORE_CTX_init failed for \(leafDER.count) bytes")
        }
        let parameters = X509_STORE_CTX_get0_param(context)
        X509_VERIFY_PARAM_set_purpose(parameters, X509_PURPOSE_SSL_SERVER)
        if let moment { X509_VERIFY_PARAM_set_time(parameters, time_t(moment)) }
        // libcrypto parses the IP form itself and refuses anything else, so a host
        // that is not an IP address is a name: no parsing of our own to disagree with it.
        let nameSet = X509_VERIFY_PARAM_set1_ip_asc(parameters, host) == 1
            ? 1
            : X509_VERIFY_PARAM_set1_host(parameters, host, host.utf8.count)
        guard nameSet == 1 else { throw .malformed("the host name \(host) cannot be checked") }

        guard X509_verify_cert(context) == 1 else {
            throw failure(code: X509_STORE_CTX_get_error(context))
        }
        return try builtChain(of: context)
    }

    private static func makeStore(_ authorities: Authorities) throws(CertificateVerificationError) -> OpaquePointer {
        guard let store = X509_STORE_new() else { throw .malformed("out of memory") }
        let loaded: Int32
        switch authorities {
        case .system:
            loaded = X509_STORE_set_default_paths(store)
        case .pemFile(let path):
            loaded = X509_STORE_load_file(store, path)
        }
        guard loaded == 1 else {
            X509_STORE_free(store)
            throw .authoritiesUnreadable
        }
        return store
    }

    private static func parse(_ der: [UInt8]) throws(CertificateVerificationError) -> OpaquePointer {
        let parsed: OpaquePointer? = der.withUnsafeBufferPointer { buffer in
            var cursor = buffer.baseAddress
            return d2i_X509(nil, &cursor, buffer.count)
        }
        guard let parsed else { throw .malformed("a presented certificate is not DER X.509") }
        return parsed
    }

    private static func builtChain(of context: OpaquePointer) throws(CertificateVerificationError) -> [VerifiedCertificate] {
        guard let chain = X509_STORE_CTX_get0_chain(context) else { throw .malformed("no chain was built") }
        let stack = chain
        var result: [VerifiedCertificate] = []
        for index in 0..<OPENSSL_sk_num(stack) {
            guard let raw = OPENSSL_sk_value(stack, index) else { continue }
            let certificate = OpaquePointer(raw)
            result.append(VerifiedCertificate(
                der: try encode { i2d_X509(certificate, $0) },
                subjectPublicKeyInfo: try encode { i2d_X509_PUBKEY(X509_get_X509_PUBKEY(certificate), $0) }
            ))
        }
        return result
    }

    /// Runs one of libcrypto's `i2d_*` encoders twice: once for the length, once to write.
    private static func encode(
        _ encoder: (UnsafeMutablePointer<UnsafeMutablePointer<UInt8>?>?) -> Int32
    ) throws(CertificateVerificationError) -> [UInt8] {
        let length = encoder(nil)
        guard length > 0 else { throw .malformed("a certificate could not be encoded") }
        var bytes = [UInt8](repeating: 0, count: Int(length))
        let written = bytes.withUnsafeMutableBufferPointer { buffer -> Int32 in
            var cursor = buffer.baseAddress
            return encoder(&cursor)
        }
        guard written == length else { throw .malformed("a certificate could not be encoded") }
        return bytes
    }

    /// Sorts libcrypto's verification error codes into the reasons a person can act on.
    private static func failure(code: Int32) -> CertificateVerificationError {
        switch code {
        case X509_V_ERR_HOSTNAME_MISMATCH, X509_V_ERR_IP_ADDRESS_MISMATCH:
            return .nameMismatch
        case X509_V_ERR_CERT_HAS_EXPIRED, X509_V_ERR_CERT_NOT_YET_VALID:
            return .expired
        case X509_V_ERR_DEPTH_ZERO_SELF_SIGNED_CERT, X509_V_ERR_SELF_SIGNED_CERT_IN_CHAIN,
             X509_V_ERR_UNABLE_TO_GET_ISSUER_CERT, X509_V_ERR_UNABLE_TO_GET_ISSUER_CERT_LOCALLY,
             X509_V_ERR_UNABLE_TO_VERIFY_LEAF_SIGNATURE, X509_V_ERR_CERT_UNTRUSTED,
             X509_V_ERR_CERT_SIGNATURE_FAILURE, X509_V_ERR_INVALID_CA:
            return .untrusted
        default:
            let text = X509_verify_cert_error_string(Int(code)).map { String(cString: $0) } ?? "error \(code)"
            return .other(text)
        }
    }
}

/// One certificate of a verified chain.
public struct VerifiedCertificate: Sendable, Equatable {
    public let der: [UInt8]
    /// The DER SubjectPublicKeyInfo: what a public-key pin is the SHA-256 of.
    public let subjectPublicKeyInfo: [UInt8]

    public init(der: [UInt8], subjectPublicKeyInfo: [UInt8]) {
        self.der = der
        self.subjectPublicKeyInfo = subjectPublicKeyInfo
    }
}

/// Why a chain was refused.
public enum CertificateVerificationError: Error, Equatable, Sendable {
    case untrusted
    case nameMismatch
    case expired
    /// The trusted authorities (the system store or the CA file) could not be loaded.
    case authoritiesUnreadable
    /// The input could not be processed; the text says which step.
    case malformed(String)
    /// Any other verification failure, in libcrypto's words.
    case other(String)
}
