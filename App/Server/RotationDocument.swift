import Foundation
import Infrastructure

/// What `storefront serve --rotate-key` did: the ring, the clients' configuration file, the
/// current key's id, and until when each previous key is still accepted (ISO 8601, UTC).
struct RotationDocument: Encodable {
    struct Previous: Encodable {
        let keyId: String
        let notAfter: String
    }

    let ring: String
    let keyFile: String
    let keyId: String
    let previous: [Previous]

    init(ring path: String, keyFile: String, ring: GatewayKeyRing) {
        self.ring = path
        self.keyFile = keyFile
        keyId = String(ring.current.configuration.keyID)
        previous = ring.entries.dropFirst().map { entry in
            let end = Date(timeIntervalSince1970: TimeInterval(entry.notAfter ?? 0))
            return Previous(keyId: String(entry.key.configuration.keyID), notAfter: end.formatted(.iso8601))
        }
    }
}
