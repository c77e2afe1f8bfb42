@testable import Infrastructure

/// The sealed layer's AES-GCM exactly as HPKE and Oblivious HTTP's response run it: a
/// context made for one message's key and nonce (`OpaqueContext`), then the one message
/// routine (`GCM`). The suites here hold that path to published answers.
enum SealedLayerAEAD {
    static func seal(_ plaintext: [UInt8], associatedData: [UInt8] = [], key: [UInt8], nonce: [UInt8]) throws(CryptoError) -> [UInt8] {
        try GCM.seal(plaintext, associatedData: associatedData, in: try context(encrypting: true, key: key, nonce: nonce))
    }

    static func open(_ sealed: [UInt8], associatedData: [UInt8] = [], key: [UInt8], nonce: [UInt8]) throws(CryptoError) -> [UInt8] {
        try GCM.open(sealed, associatedData: associatedData, in: try context(encrypting: false, key: key, nonce: nonce))
    }

    static func context(encrypting: Bool, key: [UInt8], nonce: [UInt8]) throws(CryptoError) -> OpaqueContext {
        try key.withUnsafeBufferPointer { buffer throws(CryptoError) in
            try OpaqueContext(encrypting: encrypting, key: buffer, nonce: nonce)
        }
    }
}
