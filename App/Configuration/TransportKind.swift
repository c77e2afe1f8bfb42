/// Which adapter carries HTTP: AsyncHTTPClient (SwiftNIO) by default, URLSession when
/// `STOREFRONT_TRANSPORT=urlsession` asks for it (to compare the two, or on a
/// platform where URLSession is the natural choice).
enum TransportKind: String, Sendable, CaseIterable {
    case asyncHTTPClient = "asynchttpclient"
    case urlSession = "urlsession"

    static func resolve(_ text: String?) throws(StartupFailure) -> TransportKind {
        guard let text, !text.isEmpty else { return .asyncHTTPClient }
        guard let kind = TransportKind(rawValue: text.lowercased()) else {
            let known = allCases.map(\.rawValue).joined(separator: " or ")
            throw StartupFailure("STOREFRONT_TRANSPORT is \(text); it takes \(known).")
        }
        return kind
    }
}
