import Data
import Domain
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Infrastructure
import NIOCore
import NIOSSL
import Synchronization

/// The TLS identity rules of CLI.md for one `https` backend, applied to AsyncHTTPClient.
///
/// BoringSSL verifies every connection (chain to the trusted authorities, name,
/// dates). Pins need more than it hands back, so each new connection is checked here
/// before any request is written on it: its leaf certificate must be one whose chain
/// was read (by `PresentedChainProbe`), verified with libcrypto, and found to contain
/// a pinned key. The leaf is compared byte for byte, and the connection's handshake
/// proved possession of its key, so the check is about that very connection.
final class ServerIdentityCheck: Sendable {
    /// A refused identity; AsyncHTTPClient fails the request with it.
    struct Rejection: Error, Equatable {
        let host: String
        let reason: ServerIdentityFailure
    }

    private let host: String
    private let port: Int
    private let trust: ServerTrust
    private let timeout: Duration
    /// Leaf certificates already found to carry a pinned chain: one probe per process.
    private let acceptedLeaves = Mutex<Set<[UInt8]>>([])

    init(host: String, port: Int, trust: ServerTrust, timeout: Duration) {
        self.host = host
        self.port = port
        self.trust = trust
        self.timeout = timeout
    }

    /// NIOSSL's settings: full verification against the system's authorities or only
    /// those of the CA file (read now, so a bad file is a start-up error, not a 76).
    func tlsConfiguration() throws(TransportError) -> TLSConfiguration {
        var tls = TLSConfiguration.makeClientConfiguration()
        tls.certificateVerification = .fullVerification
        tls.minimumTLSVersion = .tlsv12
        if let file = trust.authorityFile {
            let authorities: [NIOSSLCertificate]
            do {
                authorities = try NIOSSLCertificate.fromPEMFile(file)
            } catch {
                throw .invalidRequest(reason: "the CA file \(file) cannot be read as PEM certificates")
            }
            guard !authorities.isEmpty else {
                throw .invalidRequest(reason: "the CA file \(file) holds no certificate")
            }
            tls.trustRoots = .certificates(authorities)
        }
        return tls
    }

    /// Runs on a new connection once its handshake is done; fails it when pins are set
    /// and its chain carries none of them.
    func check(_ channel: any Channel) -> EventLoopFuture<Void> {
        guard !trust.pins.isEmpty else { return channel.eventLoop.makeSucceededVoidFuture() }
        let promise = channel.eventLoop.makePromise(of: Void.self)
        channel.nioSSL_peerCertificate().whenComplete { result in
            let leaf = (try? result.get())?.flatMap { try? $0.toDERBytes() }
            promise.completeWithTask { try await self.checkPins(leaf: leaf) }
        }
        return promise.futureResult
    }

    /// After BoringSSL refused a handshake: reads the chain again and asks libcrypto
    /// why, so the person is told "expired" or "wrong name" rather than "failed".
    func diagnose() async -> Rejection {
        do {
            let presented = try await PresentedChainProbe.fetch(host: host, port: port, timeout: timeout)
            _ = try verify(presented)
            return Rejection(host: host, reason: .other(detail: "the TLS handshake was refused"))
        } catch let rejection as Rejection {
            return rejection
        } catch {
            return Rejection(host: host, reason: .other(detail: "the TLS handshake failed (\(error))"))
        }
    }

    private func checkPins(leaf: [UInt8]?) async throws {
        guard let leaf else { throw Rejection(host: host, reason: .other(detail: "the server showed no certificate")) }
        if acceptedLeaves.withLock({ $0.contains(leaf) }) { return }

        let presented: [[UInt8]]
        do {
            presented = try await PresentedChainProbe.fetch(host: host, port: port, timeout: timeout)
        } catch {
            throw Rejection(host: host, reason: .other(detail: "its certificate chain could not be read (\(error))"))
        }
        guard presented.first == leaf else {
            throw Rejection(host: host, reason: .other(detail: "it showed a different certificate on a second connection"))
        }
        guard trust.admits(try verify(presented)) else { throw Rejection(host: host, reason: .pinMismatch) }
        acceptedLeaves.withLock { _ = $0.insert(leaf) }
    }

    private func verify(_ presented: [[UInt8]]) throws(Rejection) -> [VerifiedCertificate] {
        let authorities: CertificateChainVerifier.Authorities = trust.authorityFile.map { .pemFile($0) } ?? .system
        do {
            return try CertificateChainVerifier.verify(presented: presented, host: host, authorities: authorities)
        } catch {
            throw Rejection(host: host, reason: Self.reason(for: error))
        }
    }

    private static func reason(for error: CertificateVerificationError) -> ServerIdentityFailure {
        switch error {
        case .untrusted: .untrusted
        case .nameMismatch: .nameMismatch
        case .expired: .expired
        case .authoritiesUnreadable: .other(detail: "the trusted authorities could not be loaded")
        case .malformed(let detail), .other(let detail): .other(detail: detail)
        }
    }
}
