import NIOCore
import NIOHTTP1

/// Refuses a request no origin server may serve, and closes the connection after it:
/// 421 Misdirected Request (RFC 9110 section 15.5.20) to one whose target names another
/// origin than the `Host` it carries (`RequestTarget`), and 400 to one with more than one
/// `Host`, or with none from HTTP/1.1 on (RFC 9112 section 3.2).
///
/// It sits before Hummingbird's conversion to HTTP types, which keeps only a target's
/// path and takes the authority from the first `Host`: after it, `GET
/// http://elsewhere/auth/me` would be served as this server's own `/auth/me`. An origin
/// server must accept a target in absolute form (RFC 9112 section 3.2.2) and a client
/// must send the same authority in `Host` (section 3.2), so one that matches is passed on
/// unchanged.
///
/// The requests before a refused one on the connection are answered first, in order: the
/// refusal waits until each of their answers has ended, so a client pipelining requests
/// (or a relay pipelining several clients') loses no answer to a request it was served.
final class MisdirectedRequestHandler: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias InboundOut = HTTPServerRequestPart
    typealias OutboundIn = HTTPServerResponsePart
    typealias OutboundOut = HTTPServerResponsePart

    /// Requests passed on whose answers have not ended yet.
    private var unanswered = 0
    /// Set at a refused request's head: its parts, and any after it, go no further.
    private var refusal: (answer: StoreResponse, version: HTTPVersion)?
    private var refusalWritten = false

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard refusal == nil else { return }
        if case .head(let head) = unwrapInboundIn(data) {
            if let answer = Self.refusal(of: head) {
                refusal = (answer, head.version)
                writeRefusalWhenDue(context)
                return
            }
            unanswered += 1
        }
        context.fireChannelRead(data)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        let ended = if case .end = unwrapOutboundIn(data) { true } else { false }
        context.write(data, promise: promise)
        if ended {
            unanswered -= 1
            writeRefusalWhenDue(context)
        }
    }

    /// The answer a request's head alone earns, if it is a refusal.
    static func refusal(of head: HTTPRequestHead) -> StoreResponse? {
        let hosts = head.headers["Host"]
        if hosts.count > 1 || (hosts.isEmpty && head.version != .http1_0) {
            return message(400, "A request carries one Host header (HTTP/1.0 may carry none); this one had \(hosts.count)")
        }
        return RequestTarget.isMisdirected(head.uri, host: hosts.first) ? RequestTarget.misdirected() : nil
    }

    /// The refusal, once every request before it has had its answer; then the connection closes.
    private func writeRefusalWhenDue(_ context: ChannelHandlerContext) {
        guard let refusal, !refusalWritten, unanswered == 0 else { return }
        refusalWritten = true
        let body = ByteBuffer(bytes: refusal.answer.body)
        var headers = HTTPHeaders()
        headers.add(name: "Content-Type", value: "application/json")
        headers.add(name: "Content-Length", value: String(body.readableBytes))
        headers.add(name: "Connection", value: "close")
        let status = HTTPResponseStatus(statusCode: refusal.answer.status)
        context.write(wrapOutboundOut(.head(HTTPResponseHead(version: refusal.version, status: status, headers: headers))), promise: nil)
        context.write(wrapOutboundOut(.body(.byteBuffer(body))), promise: nil)
        let channel = context.channel
        context.writeAndFlush(wrapOutboundOut(.end(nil))).whenComplete { _ in channel.close(promise: nil) }
    }
}
