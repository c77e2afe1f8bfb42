import HTTPTypes
import HummingbirdCore
import Infrastructure
import NIOCore
import NIOHTTPTypes

/// Closes a connection whose request does not arrive in full within `timeout`, counted
/// from when the connection opens or the previous answer was sent.
///
/// Hummingbird's idle timeout only fires on silence, so a slowloris that sends a header
/// byte every few seconds would hold a connection (and its memory) forever; this bounds
/// how long any one request may take to read.
final class RequestReadTimeoutHandler: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    private let timeout: TimeAmount
    private var timer: Scheduled<Void>?

    init(timeout: Duration) {
        self.timeout = .milliseconds(timeout.wholeMilliseconds)
    }

    func handlerAdded(context: ChannelHandlerContext) {
        if context.channel.isActive { start(context) }
    }

    func channelActive(context: ChannelHandlerContext) {
        start(context)
        context.fireChannelActive()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        if case .end = unwrapInboundIn(data) {
            stop()
        }
        context.fireChannelRead(data)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        if case .end = unwrapOutboundIn(data) {
            start(context)
        }
        context.write(data, promise: promise)
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        stop()
    }

    func channelInactive(context: ChannelHandlerContext) {
        stop()
        context.fireChannelInactive()
    }

    private func start(_ context: ChannelHandlerContext) {
        stop()
        let channel = context.channel
        timer = context.eventLoop.scheduleTask(in: timeout) {
            channel.close(promise: nil)
        }
    }

    private func stop() {
        timer?.cancel()
        timer = nil
    }
}
