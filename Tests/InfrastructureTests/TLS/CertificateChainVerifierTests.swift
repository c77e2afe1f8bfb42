import Foundation
@testable import Infrastructure
import TestSupport
import Testing

/// The verifier on its own, against fixed certificates at fixed moments: the chain it
/// builds, and each reason it refuses one (authority, name, dates, input).
@Suite("CertificateChainVerifier", .timeLimit(.minutes(1)))
struct CertificateChainVerifierTests {
    typealias Fixture = FixtureCertificates

    private func der(_ pem: String) throws -> [UInt8] {
        let body = pem.split(separator: "\n").filter { !$0.hasPrefix("-----") }.joined()
        return try #require(Data(base64Encoded: body).map { [UInt8]($0) })
    }

    private func verify(
        _ presented: [String], host: String = "store.example", trusting pems: [String] = [Fixture.root],
        at moment: Int = Fixture.duringValidity
    ) throws -> [VerifiedCertificate] {
        let folder = try TemporaryDirectory()
        let file = folder.file("ca.pem")
        try pems.joined(separator: "\n").write(toFile: file, atomically: true, encoding: .utf8)
        return try CertificateChainVerifier.verify(presented: try presented.map(der), host: host, authorities: .pemFile(file), at: moment)
    }

    @Test("a leaf and its intermediate chain to the trusted root: leaf first, root last")
    func builtChain() throws {
        let chain = try verify([Fixture.leaf, Fixture.intermediate])

        #expect(chain.map(\.der) == [try der(Fixture.leaf), try der(Fixture.intermediate), try der(Fixture.root)])
    }

    /// The pins `openssl pkey -pubin -outform der | openssl dgst -sha256 -binary | base64`
    /// gives for each certificate, as curl's `--pinnedpubkey` documentation says to make them.
    @Test("each certificate's key info hashes to the pin the openssl command gives for it")
    func pinsMatchOpenSSL() throws {
        let chain = try verify([Fixture.leaf, Fixture.intermediate])

        let pins = try chain.map { "sha256/" + Data(try SHA256.hash($0.subjectPublicKeyInfo)).base64EncodedString() }
        #expect(pins == [
            "sha256/dfSur5vT0zjAKi+Xuyg2IyTQgl5kaHMnE3tfGG1uNwc=",
            "sha256/yMLeOE/PZSJt6TDxBsfShM2wCMYucorVQzV5Vd+oTLg=",
            "sha256/JyneJOGfcg2LqxRKnM/3xzwImjK+6VyEYk2i+vSYOyI=",
        ])
    }

    @Test("the IP address in the certificate's names is checked as an address", arguments: [
        ("127.0.0.1", true), ("127.0.0.2", false), ("::1", false),
    ])
    func addressNames(host: String, accepted: Bool) throws {
        if accepted {
            #expect(try verify([Fixture.leaf, Fixture.intermediate], host: host).count == 3)
        } else {
            #expect(throws: CertificateVerificationError.nameMismatch) { try verify([Fixture.leaf, Fixture.intermediate], host: host) }
        }
    }

    @Test("a name the certificate does not carry is a name mismatch", arguments: [
        "other.example", "www.store.example", "store.example.evil", "example",
    ])
    func wrongName(host: String) throws {
        #expect(throws: CertificateVerificationError.nameMismatch) { try verify([Fixture.leaf, Fixture.intermediate], host: host) }
    }

    @Test("checked before or after its dates, the chain is expired", arguments: [Fixture.beforeValidity, Fixture.afterValidity])
    func outsideDates(moment: Int) throws {
        #expect(throws: CertificateVerificationError.expired) { try verify([Fixture.leaf, Fixture.intermediate], at: moment) }
    }

    @Test("untrusted: no intermediate, another authority, or a self-signed leaf")
    func untrusted() throws {
        #expect(throws: CertificateVerificationError.untrusted) { try verify([Fixture.leaf]) }
        #expect(throws: CertificateVerificationError.untrusted) {
            try verify([Fixture.leaf, Fixture.intermediate], trusting: [Fixture.unrelatedRoot])
        }
        #expect(throws: CertificateVerificationError.untrusted) { try verify([Fixture.selfSigned]) }
        // Trusting the intermediate alone is not enough: libcrypto wants a chain to a root.
        #expect(throws: CertificateVerificationError.untrusted) { try verify([Fixture.leaf], trusting: [Fixture.intermediate]) }
    }

    @Test("the system's authorities do not know the fixture root")
    func systemAuthorities() throws {
        #expect(throws: CertificateVerificationError.untrusted) {
            try CertificateChainVerifier.verify(
                presented: [try der(Fixture.leaf), try der(Fixture.intermediate)], host: "store.example",
                authorities: .system, at: Fixture.duringValidity
            )
        }
    }

    @Test("nothing presented, bytes that are not a certificate, or an unreadable CA file: a clear refusal")
    func badInput() throws {
        let leaf = try der(Fixture.leaf)
        #expect(throws: CertificateVerificationError.malformed("the server presented no certificate")) {
            try CertificateChainVerifier.verify(presented: [], host: "store.example", authorities: .system)
        }
        for garbage in [[UInt8](), [0x30, 0x03, 0x02, 0x01], Array(leaf.prefix(100))] {
            #expect(throws: CertificateVerificationError.malformed("a presented certificate is not DER X.509"), "\(garbage.count) bytes") {
                try CertificateChainVerifier.verify(presented: [garbage], host: "store.example", authorities: .system)
            }
        }
        #expect(throws: CertificateVerificationError.authoritiesUnreadable) {
            try CertificateChainVerifier.verify(presented: [leaf], host: "store.example", authorities: .pemFile("/nonexistent/ca.pem"))
        }
    }
}
