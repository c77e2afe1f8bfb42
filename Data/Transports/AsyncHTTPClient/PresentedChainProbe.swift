#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import NIOCore
import NIOPosix
import NIOSSL
import Synchronization

/// Opens a TLS handshake of its own to read the certificate chain a server presents,
/// then abandons it: nothing is ever written to the server but the handshake.
///
/// AsyncHTTPClient verifies its connections with BoringSSL but hands back only the
/// leaf certificate. Pins on an authority, and the reason for a refusal, need the
/// whole chain; this is how it is read.
enum PresentedChainProbe {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// The chain as presented, DER, leaf first.
    static func fetch(host: String, port: Int, timeout: Duration) async throws -> [[UInt8]] {
        var tls = TLSConfiguration.makeClientConfiguration()
        // The callback below replaces verification; it only records what it is shown.
        tls.certificateVerification = .noHostnameVerification
        let context = try NIOSSLContext(configuration: tls)
        let result = OnceResult()
        let serverName = IPAddressText.isIPAddress(host) ? nil : host

        let bootstrap = ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .connectTimeout(.milliseconds(timeout.wholeMilliseconds))
            .channelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    let handler = try NIOSSLClientHandler(
                        context: context,
                        serverHostname: serverName,
                        customVerificationCallback: { certificates, verification in
                            result.finish(.success(certificates.compactMap { try? $0.toDERBytes() }))
                            // Seen is enough: refuse, so the handshake ends here.
                            verification.succeed(.failed)
                        }
                    )
                    try channel.pipeline.syncOperations.addHandler(handler)
                }
            }
        let channel = try await bootstrap.connect(host: host, port: port).get()
        channel.closeFuture.whenComplete { _ in
            result.finish(.failure(Failure(description: "the server closed the connection before showing a certificate")))
        }
        let timer = channel.eventLoop.scheduleTask(in: .milliseconds(timeout.wholeMilliseconds)) {
            result.finish(.failure(Failure(description: "the server showed no certificate in time")))
        }
        defer {
            timer.cancel()
            channel.close(promise: nil)
        }
        return try await result.value()
    }
}

/// A result that is set once, by whichever side gets there first, and awaited once.
private final class OnceResult: Sendable {
    private let state = Mutex<(result: Result<[[UInt8]], any Error>?, waiter: CheckedContinuation<[[UInt8]], any Error>?)>((nil, nil))

    func finish(_ result: Result<[[UInt8]], any Error>) {
        let waiter = state.withLock { state -> CheckedContinuation<[[UInt8]], any Error>? in
            guard state.result == nil else { return nil }
            state.result = result
            defer { state.waiter = nil }
            return state.waiter
        }
        waiter?.resume(with: result)
    }

    func value() async throws -> [[UInt8]] {
        try await withCheckedThrowingContinuation { continuation in
            let ready = state.withLock { state -> Result<[[UInt8]], any Error>? in
                if let result = state.result { return result }
                state.waiter = continuation
                return nil
            }
            if let ready { continuation.resume(with: ready) }
        }
    }
}
