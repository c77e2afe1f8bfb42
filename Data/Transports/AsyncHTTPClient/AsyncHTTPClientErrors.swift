import AsyncHTTPClient
import Data
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import NIOCore
import NIOHTTP1
import NIOPosix
import NIOSSL

/// Sorts what AsyncHTTPClient, SwiftNIO and NIOSSL throw into the transport's cases.
/// The split that matters: "the backend is absent" (unreachable: retried, and the cache
/// may stand in) against "the backend answered badly" (malformed: unusable, 65) and
/// "the backend is not who it claims" (identity: 76, and never the cache).
enum AsyncHTTPClientErrors {
    static func classify(_ error: any Error, deadline: Duration, identity: ServerIdentityCheck?) async -> TransportError {
        switch error {
        case is CancellationError:
            return .cancelled
        case let error as HTTPClientError:
            return classify(error, deadline: deadline)
        case let error as NIOConnectionError:
            return classify(error)
        case let error as IOError:
            return failure(forErrno: error.errnoCode)
        case let error as HTTPParserError:
            if case .invalidEOFState = error {
                return .unreachable(reason: "the connection closed before the answer was complete")
            }
            return .malformedResponse(reason: "the answer is not valid HTTP/1.1 (\(error))")
        case let error as StatusLineGuard.Refusal:
            return .malformedResponse(reason: error.description)
        case let error as ServerIdentityCheck.Rejection:
            return .serverIdentityRejected(host: error.host, reason: error.reason)
        case is NIOSSLError, is NIOSSLExtraError:
            if let identity, isVerificationFailure(error) {
                let rejection = await identity.diagnose()
                return .serverIdentityRejected(host: rejection.host, reason: rejection.reason)
            }
            return .unreachable(reason: "the TLS connection failed (\(error))")
        case let error as ChannelError:
            return .unreachable(reason: "the connection failed (\(error))")
        default:
            return .unreachable(reason: String(describing: error))
        }
    }

    /// A refused handshake or host name, as opposed to a connection that broke
    /// mid-handshake (which is an outage, not a question of identity).
    private static func isVerificationFailure(_ error: any Error) -> Bool {
        if let error = error as? NIOSSLExtraError {
            return error == .failedToValidateHostname
        }
        if case .handshakeFailed = error as? NIOSSLError {
            return true
        }
        return false
    }

    private static func classify(_ error: HTTPClientError, deadline: Duration) -> TransportError {
        switch error {
        case .cancelled:
            .cancelled
        case .deadlineExceeded:
            .deadlineExceeded(deadline)
        case .connectTimeout, .readTimeout, .writeTimeout, .tlsHandshakeTimeout:
            .unreachable(reason: "timed out")
        case .remoteConnectionClosed, .bodyLengthMismatch:
            .unreachable(reason: "the connection closed before the answer was complete")
        case .invalidURL, .emptyHost, .emptyScheme:
            .invalidRequest(reason: "the backend address cannot be used (\(error))")
        default:
            .malformedResponse(reason: error.description)
        }
    }

    /// Refused and unresolvable cannot connect at all (not retried); the reason is
    /// what a person reads with --verbose.
    private static func classify(_ error: NIOConnectionError) -> TransportError {
        if let first = error.connectionErrors.first {
            if let io = first.error as? IOError {
                return failure(forErrno: io.errnoCode)
            }
            return .unreachable(reason: String(describing: first.error))
        }
        if error.dnsAError != nil || error.dnsAAAAError != nil {
            return .cannotConnect(reason: "host not found")
        }
        return .cannotConnect(reason: "no address to connect to")
    }

    private static func failure(forErrno code: Int32) -> TransportError {
        code == ECONNREFUSED ? .cannotConnect(reason: reason(forErrno: code)) : .unreachable(reason: reason(forErrno: code))
    }

    private static func reason(forErrno code: Int32) -> String {
        switch code {
        case ECONNREFUSED: "connection refused"
        case ECONNRESET: "connection reset"
        case ETIMEDOUT: "timed out"
        case EHOSTUNREACH, ENETUNREACH: "no route to the host"
        default: "socket error \(code)"
        }
    }
}
