#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import HTTPTypes
import Infrastructure

/// What every transport adapter needs to know and put up with, whichever HTTP stack
/// it drives. Both adapters take this one value, and one contract suite holds them to it.
public struct TransportConfiguration: Sendable {
    /// The backend, e.g. `http://127.0.0.1:8080` or `https://store.example/api`;
    /// request targets are appended to it.
    public var baseURL: URL
    /// How long the server may stay silent (to connect, or between bytes) before the
    /// request counts as unreachable.
    public var idleTimeout: Duration
    /// How long one exchange may take in all, however the bytes trickle in: an idle
    /// timer alone lets a server that sends a byte a second hold the command forever.
    public var deadline: Duration
    /// The largest response body accepted; a larger one is cut off and reported.
    public var maximumResponseBytes: Int
    /// How an `https` backend must prove its identity.
    public var trust: ServerTrust

    public init(
        baseURL: URL,
        idleTimeout: Duration = .seconds(10),
        deadline: Duration = .seconds(15),
        maximumResponseBytes: Int = 8 * 1024 * 1024,
        trust: ServerTrust = .system
    ) {
        self.baseURL = baseURL
        self.idleTimeout = idleTimeout
        self.deadline = deadline
        self.maximumResponseBytes = maximumResponseBytes
        self.trust = trust
    }

    /// The absolute URL for a request target (already percent-encoded; appended as
    /// text so its bytes stay exactly those the payload layer authenticated).
    public func url(for target: String) -> String {
        let base = baseURL.absoluteString
        return (base.hasSuffix("/") ? String(base.dropLast()) : base) + target
    }

    /// A backend URL as the chain needs it: the origin (scheme, host, port) for the
    /// adapter, and the path, percent-encoded and without a trailing `/`, for
    /// `BasePathInterceptor`, so the payload layer sees the target the request line carries.
    public static func split(_ url: URL) -> (origin: URL, basePath: String) {
        guard var components = URLComponents(url: url, resolvingAgainstBaseURL: false) else { return (url, "") }
        var path = components.percentEncodedPath
        while path.hasSuffix("/") { path.removeLast() }
        components.percentEncodedPath = ""
        components.query = nil
        components.fragment = nil
        return (components.url ?? url, path)
    }

    /// The statuses HTTP has (RFC 9110, section 15): a three-digit code from 100 to 599.
    /// Both adapters refuse any other before an interceptor sees it.
    public static let httpStatuses = 100...599

    /// The response head an adapter hands up, built from the status and fields its HTTP
    /// stack reported, on the rules both adapters keep:
    /// - a status outside 100–599 is not HTTP;
    /// - a field whose name is not a token or whose value is not text (NIO keeps bytes
    ///   that are not UTF-8 as U+FFFD) is refused, never repaired: a mangled header (a
    ///   `Content-Type`, a `Retry-After`) must not be half-read later;
    /// - a redirect is refused, never followed.
    /// Each is a `TransportError`, as the socket's own failures are.
    public static func responseHead(status: Int, fields: [(name: String, value: String)]) throws(TransportError) -> HTTPResponse {
        guard httpStatuses.contains(status) else {
            throw .malformedResponse(reason: "status \(status), which is not an HTTP status")
        }
        var headerFields = HTTPFields()
        for (name, value) in fields {
            guard let fieldName = HTTPField.Name(name), !value.contains("\u{FFFD}"), HTTPField.isValidValue(value) else {
                throw .malformedResponse(reason: "the header \(name.filter { $0.isASCII && !$0.isNewline }) is not valid text")
            }
            headerFields.append(HTTPField(name: fieldName, value: value))
        }
        // What a status means is the classifier's: a redirect is refused whatever the
        // retry policy says, so the default one answers here (made once, not per head).
        if case .redirect = AnswerClassifier.standard.meaning(status: status, retryAfter: nil) {
            throw .redirected(status: status, location: headerFields[.location])
        }
        return HTTPResponse(status: HTTPResponse.Status(code: status), headerFields: headerFields)
    }
}

/// How an `https` backend must prove its identity (CLI.md, "TLS"): a chain to the
/// system's authorities or to those of a CA file, the host name, the dates, and, when
/// pins are given, a certificate in that chain whose public key matches one of them.
public struct ServerTrust: Sendable, Equatable {
    /// A PEM file of authorities to trust instead of the system's; nil for the system's.
    public var authorityFile: String?
    /// Public-key pins; empty for none. Two let a key be rotated without an outage.
    public var pins: [PublicKeyPin]

    public init(authorityFile: String? = nil, pins: [PublicKeyPin] = []) {
        self.authorityFile = authorityFile
        self.pins = pins
    }

    /// The system's authorities and no pins.
    public static let system = ServerTrust()

    /// Whether a verified chain may be used: with pins set, one of its certificates
    /// (the authority's included) must carry a pinned key.
    public func admits(_ chain: [VerifiedCertificate]) -> Bool {
        guard !pins.isEmpty else { return true }
        let pinned = Set(pins.map(\.digest))
        return chain.contains { certificate in
            (try? SHA256.hash(certificate.subjectPublicKeyInfo)).map(pinned.contains) ?? false
        }
    }
}

/// A public-key pin as curl's `--pinnedpubkey` takes it: `sha256/` and the standard
/// base64 of the SHA-256 of a certificate's DER SubjectPublicKeyInfo.
///
/// A pin names a key, not a certificate, so a certificate renewed with the same key
/// still matches; pinning the authority's key survives the leaf's renewal too.
public struct PublicKeyPin: Sendable, Hashable, CustomStringConvertible {
    /// The 32-byte SHA-256 digest.
    public let digest: [UInt8]

    /// Reads `sha256/BASE64`; nil when the text is not that.
    public init?(_ text: String) {
        let prefix = "sha256/"
        guard text.hasPrefix(prefix), let digest = Data(base64Encoded: String(text.dropFirst(prefix.count))), digest.count == 32 else {
            return nil
        }
        self.digest = [UInt8](digest)
    }

    public init(digest: [UInt8]) {
        self.digest = digest
    }

    public var description: String { "sha256/" + Data(digest).base64EncodedString() }
}

/// Bounds one exchange by an overall deadline, for any transport: the exchange and a
/// timer race, and whichever ends first cancels the other. Cancelling the exchange
/// cancels its HTTP request, so the connection is closed, not left to drip.
public enum ExchangeDeadline {
    public static func run<Result: Sendable>(
        within deadline: Duration,
        _ exchange: @escaping @Sendable () async throws(TransportError) -> Result
    ) async throws(TransportError) -> Result {
        do {
            return try await withThrowingTaskGroup(of: Result.self) { group in
                group.addTask { try await exchange() }
                group.addTask {
                    try await Task.sleep(for: deadline)
                    throw TransportError.deadlineExceeded(deadline)
                }
                defer { group.cancelAll() }
                guard let first = try await group.next() else { throw TransportError.cancelled }
                return first
            }
        } catch let error as TransportError {
            throw error
        } catch {
            // The timer's sleep ends with CancellationError only when the caller cancelled.
            throw .cancelled
        }
    }
}
