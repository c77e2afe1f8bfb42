import NIOCore
import NIOHTTP1

/// Answers 421 Misdirected Request (RFC 9110 section 15.5.20) to a request whose target
/// names another authority than the `Host` it carries, and closes the connection.
///
/// It sits before Hummingbird's conversion to HTTP types, which keeps only a target's
/// path and takes the authority from `Host`: after it, `GET http://elsewhere/auth/me`
/// would be served as this server's own `/auth/me`. An origin server must accept a
/// target in absolute form (RFC 9112 section 3.2.2) and a client must send the same
/// authority in `Host` (section 3.2), so one that matches is passed on unchanged.
final class MisdirectedRequestHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias InboundOut = HTTPServerRequestPart
    typealias OutboundOut = HTTPServerResponsePart

    /// Set at a misdirected request's head: its parts, and any after it, go no further.
    private var refusing = false

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        if case .head(let head) = unwrapInboundIn(data), !refusing {
            refusing = RequestTarget.isMisdirected(head.uri, host: head.headers["Host"].first)
            if refusing { answerMisdirected(context, version: head.version) }
        }
        guard !refusing else { return }
        context.fireChannelRead(data)
    }

    private func answerMisdirected(_ context: ChannelHandlerContext, version: HTTPVersion) {
        let body = ByteBuffer(string: #"{"message":"This server does not answer for the authority the request names"}"#)
        var headers = HTTPHeaders()
        headers.add(name: "Content-Type", value: "application/json")
        headers.add(name: "Content-Length", value: String(body.readableBytes))
        headers.add(name: "Connection", value: "close")
        context.write(wrapOutboundOut(.head(HTTPResponseHead(version: version, status: .misdirectedRequest, headers: headers))), promise: nil)
        context.write(wrapOutboundOut(.body(.byteBuffer(body))), promise: nil)
        let channel = context.channel
        context.writeAndFlush(wrapOutboundOut(.end(nil))).whenComplete { _ in channel.close(promise: nil) }
    }
}

/// What a request's target says of the authority it is for.
enum RequestTarget {
    /// Whether `target` is in absolute form (`scheme://authority/path`) for another
    /// authority than `host`, ignoring case (RFC 3986 section 6.2.2.1). A target in
    /// origin form (`/path`) or asterisk form (`*`) names none, and is never misdirected.
    static func isMisdirected(_ target: String, host: String?) -> Bool {
        guard let authority = authority(of: target) else { return false }
        return authority.lowercased() != host?.lowercased()
    }

    /// The authority of a target in absolute form, without user information; nil for any other form.
    static func authority(of target: String) -> String? {
        guard let separator = target.range(of: "://") else { return nil }
        let scheme = target[..<separator.lowerBound]
        guard let first = scheme.first, first.isLetter, scheme.allSatisfy({ $0.isLetter || $0.isNumber || "+-.".contains($0) }) else { return nil }
        let rest = target[separator.upperBound...]
        let authority = rest.prefix { !"/?#".contains($0) }
        return String(authority.split(separator: "@", omittingEmptySubsequences: false).last ?? authority)
    }
}
