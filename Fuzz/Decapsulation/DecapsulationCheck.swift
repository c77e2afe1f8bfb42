import Infrastructure

/// One fuzz input read as an encapsulated request by a gateway holding a fixed key (its
/// first byte even), or as the encapsulated response to a fixed request (odd), as
/// RFC 9458 section 4 opens them. A crash, a hang, or a broken rule below is a finding:
/// - a refusal is one the layer names: the key unknown, the suite not offered, the
///   message too short or malformed, or not opening; never a libcrypto failure;
/// - what opens is exactly as long as the ciphertext less its 16-byte tag.
enum DecapsulationCheck {
    /// Scalar bytes 1 to 32, key id 1, AES-256-GCM: the gateway key of
    /// docs/vectors/ohttp-storefront.json, whose encapsulated requests are the seeds.
    static let gatewayKey: ObliviousGatewayKey? = {
        guard let privateKey = try? X25519PrivateKey(rawRepresentation: (1...32).map { UInt8($0) }) else { return nil }
        return ObliviousGatewayKey(configuration: ObliviousKeyConfiguration(keyID: 1, publicKey: privateKey.publicKey), privateKey: privateKey)
    }()

    /// What opens the response to a request of this run's own: a response seed does not
    /// open for it, and so exercises every refusal up to the tag.
    static let opener: ObliviousResponseOpener? = {
        guard let gatewayKey else { return nil }
        return try? ObliviousEncapsulation.sealRequest([0], for: gatewayKey.configuration).response
    }()

    static func run(_ input: UnsafeRawBufferPointer) {
        guard let mode = input.first, let gatewayKey, let opener else { return }
        let message = Array(input.dropFirst())
        if mode % 2 == 0 {
            do {
                let opened = try ObliviousEncapsulation.openRequest(message) { $0 == 1 ? gatewayKey : nil }
                precondition(opened.request.count == message.count - 7 - 32 - 16, "opened \(opened.request.count) of \(message.count)")
            } catch {
                check(error)
            }
        } else {
            do {
                let opened = try opener.open(message)
                precondition(opened.count == message.count - 32 - 16, "opened \(opened.count) of \(message.count)")
            } catch {
                check(error)
            }
        }
    }

    private static func check(_ error: ObliviousHTTPError) {
        switch error {
        case .truncated, .malformed, .unknownKey, .unsupportedSuite, .openFailed: return
        case .crypto(let reason): preconditionFailure("a refusal from libcrypto itself: \(reason)")
        }
    }
}
