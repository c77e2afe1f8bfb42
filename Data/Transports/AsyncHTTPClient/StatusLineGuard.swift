import Data
import NIOCore
import NIOHTTP1

/// Stands between SwiftNIO's response decoder and AsyncHTTPClient on every HTTP/1
/// connection, and refuses a response head that AsyncHTTPClient cannot survive.
///
/// AsyncHTTPClient 1.37.0 takes every status below 200 but 101 for an informational
/// head: it ignores the head and waits for the next one. NIO's parser gives a body to
/// a status below 100 (`HTTP/1.1 000`, `099`), and when that body arrives the client's
/// state machine stops the process (`preconditionFailure`, "How can we receive a
/// response body, if we haven't received a head", HTTPRequestStateMachine.swift).
/// No error handling above the client can catch that, so the head must never reach it.
///
/// What it refuses, each as an unusable answer (65; CLI.md, "A store that asks to wait or fails"):
/// - a status outside 100–599;
/// - a `101 Switching Protocols` (this client never asks to upgrade);
/// - a body after an informational head, and a connection that closes after an
///   informational head with no final one.
///
/// After a refusal the connection is closed and nothing more of it is passed on.
final class StatusLineGuard: ChannelInboundHandler {
    typealias InboundIn = HTTPClientResponsePart
    typealias InboundOut = HTTPClientResponsePart

    /// Why a head was refused; the transport reports it as a malformed answer.
    struct Refusal: Error, CustomStringConvertible {
        let description: String
    }

    private var refused = false
    /// An informational (1xx) head came and its final head has not yet.
    private var awaitingFinalHead = false

    /// Puts a guard on `channel`, right after the response decoder. Called from
    /// AsyncHTTPClient's connection initialiser, before any request is written.
    static func install(on channel: any Channel) -> EventLoopFuture<Void> {
        channel.eventLoop.submit {
            let pipeline = channel.pipeline.syncOperations
            let decoder = try pipeline.handler(type: ByteToMessageHandler<HTTPResponseDecoder>.self)
            try pipeline.addHandler(StatusLineGuard(), position: .after(decoder))
        }
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard !refused else { return }
        switch unwrapInboundIn(data) {
        case .head(let head):
            let code = head.status.code
            guard ResponseHead.httpStatuses.contains(Int(code)) else {
                return refuse("status \(code), which is not an HTTP status", context: context)
            }
            switch code {
            case 101:
                return refuse("a 101 (Switching Protocols) that this client never asked for", context: context)
            case 100...199:
                awaitingFinalHead = true
            default:
                awaitingFinalHead = false
            }
        case .body where awaitingFinalHead:
            return refuse("a body after an informational (1xx) answer", context: context)
        case .body, .end:
            break
        }
        context.fireChannelRead(data)
    }

    func channelInactive(context: ChannelHandlerContext) {
        if awaitingFinalHead, !refused {
            refused = true
            context.fireErrorCaught(Refusal(description: "an informational (1xx) answer with no final answer after it"))
        }
        context.fireChannelInactive()
    }

    private func refuse(_ reason: String, context: ChannelHandlerContext) {
        refused = true
        context.fireErrorCaught(Refusal(description: "the store answered \(reason)"))
        context.close(promise: nil)
    }
}
