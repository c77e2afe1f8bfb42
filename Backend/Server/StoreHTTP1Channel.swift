import HummingbirdCore
import Logging
import NIOCore
import NIOHTTP1
import NIOHTTPTypes
import NIOHTTPTypesHTTP1

/// Hummingbird's HTTP/1.1 child channel, with the backend's two handlers: one before the
/// conversion to HTTP types (`MisdirectedRequestHandler`, which needs the target as it
/// came) and one after (`RequestReadTimeoutHandler`). Hummingbird's own `HTTP1Channel`
/// adds handlers only after the conversion; the rest is the same pipeline.
struct StoreHTTP1Channel: ServerChildChannel, HTTPChannelHandler {
    typealias Value = NIOAsyncChannel<HTTPRequestPart, HTTPResponsePart>

    let responder: HTTPChannelHandler.Responder
    let readTimeout: Duration
    let idleTimeout: Duration

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
        channel.eventLoop.makeCompletedFuture {
            let pipeline = channel.pipeline.syncOperations
            try pipeline.configureHTTPServerPipeline(
                withPipeliningAssistance: false, withErrorHandling: false, withOutboundHeaderValidation: false,
                withEncoderConfiguration: .init(), withDecoderLimitConfiguration: .init()
            )
            try pipeline.addHandler(MisdirectedRequestHandler())
            try pipeline.addHandler(HTTP1ToHTTPServerCodec(secure: false))
            try pipeline.addHandler(RequestReadTimeoutHandler(timeout: readTimeout))
            try pipeline.addHandler(HTTPConnectionStateHandler(idleTimeout: .milliseconds(idleTimeout.wholeMilliseconds), logger: logger))
            return try NIOAsyncChannel(wrappingChannelSynchronously: channel, configuration: .init(isOutboundHalfClosureEnabled: true))
        }
    }

    func handle(value asyncChannel: Value, logger: Logger) async {
        await handleHTTP(asyncChannel: asyncChannel, logger: logger)
    }
}
