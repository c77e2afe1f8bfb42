import NIOCore
import NIOHTTP1

/// Answers 421 Misdirected Request (RFC 9110 section 15.5.20) to a request whose target
/// names another origin than the `Host` it carries (`RequestTarget`), and closes the
/// connection.
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
        let body = ByteBuffer(bytes: RequestTarget.misdirected().body)
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
