import Foundation
@testable import Infrastructure
import TestSupport
import Testing

/// Payload keys with their ids as JWKs (RFC 7517), the ring and its rotation.
@Suite("Payload keys, key files and the ring", .timeLimit(.minutes(1)))
struct PayloadKeyTests {
    static let key: PayloadKey = {
        guard let bytes = try? AES256Key(bytes: (0..<32).map { UInt8($0) }), let key = try? PayloadKey(id: "k1", key: bytes) else {
            preconditionFailure("a valid key")
        }
        return key
    }()

    @Test("a key reads back from its JWK text, and a ring from its JWK Set")
    func roundTrip() throws {
        #expect(JSONWebKey.text(of: Self.key) == #"{"kty":"oct","kid":"k1","alg":"A256GCM","k":"AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8"}"# + "\n")
        #expect(try JSONWebKey.key(from: JSONWebKey.text(of: Self.key)) == Self.key)
        let ring = try PayloadKeyRing(current: try PayloadKey.fresh(), previous: [.init(key: Self.key, notAfter: 1_800_000_000)])
        #expect(try JSONWebKey.ring(from: JSONWebKey.text(of: ring)) == ring)
        #expect(try JSONWebKey.ring(from: JSONWebKey.text(of: Self.key)).current == Self.key)
    }

    @Test("what is not a usable key is refused in words that never repeat it", arguments: [
        ("AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8=", "bare base64 key"),
        (#"{"keys":[{"kty":"oct","kid":"k1","k":"AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8"}]}"#, "key ring"),
        (#"{"kty":"oct","k":"AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8"}"#, "no kid"),
        (#"{"kty":"RSA","kid":"k1","k":"AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8"}"#, "symmetric"),
        (#"{"kty":"oct","kid":"k1","alg":"A128GCM","k":"AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8"}"#, "A256GCM"),
        (#"{"kty":"oct","kid":"k 1","k":"AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8"}"#, "key id"),
        (#"{"kty":"oct","kid":"k1","k":"AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8="}"#, "base64url"),
        (#"{"kty":"oct","kid":"k1","k":"AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh+"}"#, "base64url"),
        (#"{"kty":"oct","kid":"k1","k":"AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh"}"#, "base64url"),
    ])
    func refusals(text: String, reason: String) {
        #expect {
            _ = try JSONWebKey.key(from: text)
        } throws: { error in
            let words = (error as? CryptoError)?.description ?? ""
            return words.contains(reason) && !words.contains("AAECAwQF")
        }
    }

    @Test("a ring is refused when its current key has an end, a previous key has none, or two keys share an id", arguments: [
        #"{"keys":[{"kty":"oct","kid":"a","k":"AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8","exp":1}]}"#,
        #"{"keys":[{"kty":"oct","kid":"a","k":"AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8"},{"kty":"oct","kid":"b","k":"AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8"}]}"#,
        #"{"keys":[{"kty":"oct","kid":"a","k":"AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8"},{"kty":"oct","kid":"a","k":"AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8","exp":9}]}"#,
        #"{"keys":[]}"#,
    ])
    func ringRefusals(text: String) {
        #expect(throws: CryptoError.self) { _ = try JSONWebKey.ring(from: text) }
    }

    @Test("a previous key is accepted until its time, then no more; an unknown id never")
    func acceptance() throws {
        let current = try PayloadKey.fresh()
        let ring = try PayloadKeyRing(current: current, previous: [.init(key: Self.key, notAfter: 1_000)])
        #expect(ring.acceptedKey(id: "k1", at: 999) == Self.key)
        #expect(ring.acceptedKey(id: "k1", at: 1_000) == nil)
        #expect(ring.acceptedKey(id: current.id, at: Int64.max) == current)
        #expect(ring.acceptedKey(id: "unknown", at: 0) == nil)
    }

    @Test("rotating keeps the old current key for its lifetime, drops keys whose time is up, and 0 retires at once")
    func rotation() throws {
        let expired = try PayloadKey(id: "expired", key: AES256Key.random())
        let ring = try PayloadKeyRing(current: Self.key, previous: [.init(key: expired, notAfter: 500)])
        let fresh = try PayloadKey.fresh()

        let rotated = try ring.rotated(to: fresh, previousLifetime: 3_600, at: 1_000)
        #expect(rotated.entries == [.init(key: fresh, notAfter: nil), .init(key: Self.key, notAfter: 4_600)])
        let again = try rotated.rotated(to: try PayloadKey.fresh(), previousLifetime: 0, at: 1_000)
        #expect(again.entries.map(\.key.id) == [again.current.id, "k1"])
        #expect(again.entries[1].notAfter == 4_600)
    }

    @Test("a fresh key's id is its UTC day and six hex digits", arguments: [
        (Int64(0), "19700101"), (951_782_400, "20000229"), (1_764_104_943, "20251125"), (4_102_444_799, "20991231"), (-1, "19691231"),
    ])
    func utcDay(seconds: Int64, day: String) throws {
        #expect(PayloadKey.utcDay(seconds) == day)
        let key = try PayloadKey.random(madeAt: seconds)
        #expect(key.id.hasPrefix(day + "-") && key.id.count == 15 && PayloadKey.isValidID(key.id))
        #expect(!String(describing: key).contains(key.key.base64EncodedString))
    }
}
