import Data
import Infrastructure
import TestSupport
import Testing

/// The client's key configuration file, read at start-up: the configuration it seals
/// to, and the sentence for a file it cannot use, given before any prompt.
@Suite("A client's key configuration file", .timeLimit(.minutes(1)))
struct FileGatewayKeySourceTests {
    @Test("the first configuration this client can seal to is taken, in the gateway's order; a file offering none is refused")
    func firstUsable() throws {
        let folder = try TemporaryDirectory()
        let publicKey = try GatewayKeyRing.freshKey(after: nil).configuration.publicKey
        let chaCha = ObliviousKeyConfiguration(keyID: 1, publicKey: publicKey, algorithms: [.init(kdfID: HPKESuite.kdfID, aeadID: 0x0003)])
        let aes256 = ObliviousKeyConfiguration(keyID: 2, publicKey: publicKey)
        let aes128 = ObliviousKeyConfiguration(keyID: 3, publicKey: publicKey, algorithms: [.init(kdfID: HPKESuite.kdfID, aeadID: 0x0001)])

        let mixed = folder.file("mixed")
        try GatewayKeyFile.writeConfigurations([chaCha, aes256, aes128], to: mixed)
        #expect(try FileGatewayKeySource.read(mixed) == aes256)

        let unusable = folder.file("chacha-only")
        try GatewayKeyFile.writeConfigurations([chaCha], to: unusable)
        #expect(throws: GatewayKeyFile.Failure.unusable(path: unusable, reason: ObliviousKeyConfiguration.noUsableSuite)) {
            try FileGatewayKeySource.read(unusable)
        }
    }

    @Test("the gateway's private ring given as the client's file is named as what it is, and a version 2 key as what it was")
    func privateRing() throws {
        let folder = try TemporaryDirectory()
        let ring = folder.file("ohttp-gateway-keys.jwks")
        try GatewayKeyFile.write(try GatewayKeyRing(current: try GatewayKeyRing.freshKey(after: nil)), to: ring)
        #expect(throws: GatewayKeyFile.Failure.unusable(path: ring, reason: GatewayKeyFile.privateRingRefusal)) {
            try FileGatewayKeySource.read(ring)
        }

        let versionTwo = folder.file("payload-key.jwk")
        try PrivateFiles.writeAtomically(Array(#"{"kty":"oct","kid":"1","alg":"A256GCM","k":"c2VjcmV0"}"#.utf8), to: versionTwo)
        #expect(throws: GatewayKeyFile.Failure.unusable(path: versionTwo, reason: GatewayKeyFile.versionTwoRefusal)) {
            try FileGatewayKeySource.read(versionTwo)
        }
    }
}
