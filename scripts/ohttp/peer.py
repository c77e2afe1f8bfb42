"""A second Oblivious HTTP implementation (RFC 9458), written apart from the Swift one.

HPKE is pyhpke's (RFC 9180, its own code over pyca/cryptography); Binary HTTP (RFC 9292)
and the encapsulation are written here from the RFCs, not from our Swift. Two uses:

  vectors OUT.json        known answers for Storefront's suite (X25519, HKDF-SHA256,
                          AES-256-GCM): a login and a search, both directions, from fixed
                          keys and nonces; OHTTPVectorTests holds the Swift side to them.
  exchange URL KEYS       a real login and search against a running gateway at URL, with
                          the key configuration file KEYS (ohttp-keys), and a second login
                          written in the indeterminate-length form; exits 0 when all are
                          answered as the store answers.
"""

import json
import os
import sys
import urllib.request
from email.utils import formatdate

from cryptography.hazmat.primitives import hashes, hmac
from cryptography.hazmat.primitives.ciphers.aead import AESGCM
from pyhpke import AEADId, CipherSuite, KDFId, KEMId

SUITE = CipherSuite.new(KEMId.DHKEM_X25519_HKDF_SHA256, KDFId.HKDF_SHA256, AEADId.AES256_GCM)
NK, NN = 32, 12


# --- Binary HTTP (RFC 9292 section 3) ------------------------------------------------

def varint(value):
    if value < 0x40:
        return bytes([value])
    if value < 0x4000:
        return (value | 0x4000).to_bytes(2, "big")
    if value < 0x40000000:
        return (value | 0x80000000).to_bytes(4, "big")
    return (value | 0xC000000000000000).to_bytes(8, "big")


def read_varint(data, offset):
    first = data[offset]
    length = 1 << (first >> 6)
    value = first & 0x3F
    for byte in data[offset + 1:offset + length]:
        value = (value << 8) | byte
    return value, offset + length


def prefixed(data):
    return varint(len(data)) + data


def read_prefixed(data, offset):
    length, offset = read_varint(data, offset)
    if offset + length > len(data):
        raise ValueError("truncated")
    return data[offset:offset + length], offset + length


def fields(pairs):
    return prefixed(b"".join(prefixed(name.encode()) + prefixed(value.encode()) for name, value in pairs))


def read_fields(section):
    pairs, offset = [], 0
    while offset < len(section):
        name, offset = read_prefixed(section, offset)
        value, offset = read_prefixed(section, offset)
        pairs.append((name.decode(), value.decode()))
    return pairs


def pad(message):
    """Storefront's buckets: the next 512 bytes below 8 KiB (PROTOCOL.md section 2)."""
    size = max(512, -(-len(message) // 512) * 512) if len(message) < 8192 else len(message)
    return message + bytes(size - len(message))


def bhttp_request(method, scheme, authority, path, headers, content=b""):
    message = varint(0) + b"".join(prefixed(part.encode()) for part in (method, scheme, authority, path))
    message += fields(headers)
    if content:
        message += prefixed(content)
    return message


def bhttp_request_indeterminate(method, scheme, authority, path, headers, content=b""):
    """RFC 9292 section 3.2, as other peers write it: field lines each ended by a zero,
    the content in chunks of 16 bytes at most ended by an empty one, no trailers."""
    message = varint(2) + b"".join(prefixed(part.encode()) for part in (method, scheme, authority, path))
    message += b"".join(prefixed(name.encode()) + prefixed(value.encode()) for name, value in headers) + varint(0)
    message += b"".join(prefixed(content[start:start + 16]) for start in range(0, len(content), 16)) + varint(0)
    return message + varint(0)


def bhttp_response(status, headers, content=b""):
    message = varint(1) + varint(status) + fields(headers)
    if content:
        message += prefixed(content)
    return message


def parse_response(data):
    framing, offset = read_varint(data, 0)
    assert framing == 1, "not a known-length response"
    status, offset = read_varint(data, offset)
    while 100 <= status < 200:
        _, offset = read_prefixed(data, offset)
        status, offset = read_varint(data, offset)
    headers, content = [], b""
    if offset < len(data):
        section, offset = read_prefixed(data, offset)
        headers = read_fields(section)
    if offset < len(data):
        content, offset = read_prefixed(data, offset)
    return status, dict(headers), content


# --- Oblivious HTTP (RFC 9458 sections 3 and 4) -------------------------------------

def key_configuration(key_id, public_key):
    return bytes([key_id]) + (0x0020).to_bytes(2, "big") + public_key + (4).to_bytes(2, "big") \
        + (1).to_bytes(2, "big") + (2).to_bytes(2, "big")


def read_key_configurations(data):
    configurations, offset = [], 0
    while offset < len(data):
        length = int.from_bytes(data[offset:offset + 2], "big")
        one = data[offset + 2:offset + 2 + length]
        configurations.append((one[0], one[3:35]))
        offset += 2 + length
    return configurations


def header(key_id):
    return bytes([key_id]) + (0x0020).to_bytes(2, "big") + (1).to_bytes(2, "big") + (2).to_bytes(2, "big")


def hkdf_extract(salt, ikm):
    mac = hmac.HMAC(salt, hashes.SHA256())
    mac.update(ikm)
    return mac.finalize()


def hkdf_expand(prk, info, length):
    output, block, counter = b"", b"", 1
    while len(output) < length:
        mac = hmac.HMAC(prk, hashes.SHA256())
        mac.update(block + info + bytes([counter]))
        block = mac.finalize()
        output += block
        counter += 1
    return output[:length]


def response_aead(secret, enc, nonce):
    prk = hkdf_extract(enc + nonce, secret)
    return AESGCM(hkdf_expand(prk, b"key", NK)), hkdf_expand(prk, b"nonce", NN)


def encapsulate_request(key_id, public_key, request, ephemeral=None):
    hdr = header(key_id)
    info = b"message/bhttp request\x00" + hdr
    recipient = SUITE.kem.deserialize_public_key(public_key)
    enc, sender = SUITE.create_sender_context(recipient, info=info, eks=ephemeral)
    sealed = sender.seal(request)
    return hdr + enc + sealed, (enc, sender.export(b"message/bhttp response", NK))


def open_response(opening, encapsulated):
    enc, secret = opening
    nonce = encapsulated[:max(NN, NK)]
    aead, aead_nonce = response_aead(secret, enc, nonce)
    return aead.decrypt(aead_nonce, encapsulated[max(NN, NK):], b"")


def gateway_open(private_key, encapsulated):
    hdr, enc, sealed = encapsulated[:7], encapsulated[7:39], encapsulated[39:]
    info = b"message/bhttp request\x00" + hdr
    context = SUITE.create_recipient_context(enc, SUITE.kem.deserialize_private_key(private_key), info=info)
    return context.open(sealed), (enc, context.export(b"message/bhttp response", NK))


def gateway_seal(opening, response, nonce):
    enc, secret = opening
    aead, aead_nonce = response_aead(secret, enc, nonce)
    return nonce + aead.encrypt(aead_nonce, response, b"")


# --- The two uses --------------------------------------------------------------------

def vectors(out):
    gateway = bytes(range(1, 33))
    public = _public_of(gateway)
    date = "Tue, 25 Nov 2025 21:09:03 GMT"
    exchanges = [
        ("login", bhttp_request("POST", "http", "127.0.0.1:8080", "/auth/login",
                                [("content-type", "application/json"), ("date", date)],
                                b'{"username":"emilys","password":"emilyspass"}'),
         bhttp_response(200, [("content-type", "application/json"), ("date", date)],
                        b'{"id":1,"username":"emilys","accessToken":"a1","refreshToken":"r1"}'), 0x40),
        ("search", bhttp_request("GET", "http", "127.0.0.1:8080", "/auth/products/search?q=phone&limit=3&skip=0",
                                 [("authorization", "Bearer a1"), ("date", date)]),
         bhttp_response(304, [("cache-control", "private, max-age=30"), ("date", date), ("etag", '"0123"')]), 0x80),
    ]
    document = {
        "suite": "DHKEM(X25519, HKDF-SHA256), HKDF-SHA256, AES-256-GCM",
        "madeBy": "scripts/ohttp/peer.py vectors: pyhpke 0.6.5 for HPKE, Binary HTTP and the encapsulation written from RFC 9292 and RFC 9458",
        "gatewayPrivateKey": gateway.hex(),
        "keyConfiguration": key_configuration(1, public).hex(),
        "exchanges": [],
    }
    from pyhpke import KEMKeyPair
    for name, request, response, seed in exchanges:
        ephemeral_secret = bytes((seed + i) % 256 for i in range(32))
        ephemeral = KEMKeyPair(SUITE.kem.deserialize_private_key(ephemeral_secret),
                               SUITE.kem.deserialize_public_key(_public_of(ephemeral_secret)))
        padded_request = pad(request)
        encapsulated, opening = encapsulate_request(1, public, padded_request, ephemeral)
        opened, gateway_opening = gateway_open(gateway, encapsulated)
        assert opened == padded_request and gateway_opening == opening
        nonce = bytes((seed + 0x20 + i) % 256 for i in range(32))
        padded_response = pad(response)
        sealed = gateway_seal(opening, padded_response, nonce)
        assert open_response(opening, sealed) == padded_response
        document["exchanges"].append({
            "name": name,
            "ephemeralPrivateKey": ephemeral_secret.hex(),
            "request": padded_request.hex(),
            "encapsulatedRequest": encapsulated.hex(),
            "responseNonce": nonce.hex(),
            "response": padded_response.hex(),
            "encapsulatedResponse": sealed.hex(),
        })
    with open(out, "w") as file:
        json.dump(document, file, indent=1)
        file.write("\n")
    print(out)


def _public_of(secret):
    from cryptography.hazmat.primitives.asymmetric.x25519 import X25519PrivateKey
    from cryptography.hazmat.primitives import serialization
    return X25519PrivateKey.from_private_bytes(secret).public_key().public_bytes(
        serialization.Encoding.Raw, serialization.PublicFormat.Raw)


def exchange(url, keys_file):
    key_id, public = read_key_configurations(open(keys_file, "rb").read())[0]
    authority = url.split("://", 1)[1].rstrip("/")

    def send(method, path, headers, content=b"", write=bhttp_request):
        headers = headers + [("date", formatdate(usegmt=True))]
        request = pad(write(method, "http", authority, path, headers, content))
        encapsulated, opening = encapsulate_request(key_id, public, request)
        outer = urllib.request.Request(url + "/.well-known/ohttp-gateway", data=encapsulated, method="POST",
                                       headers={"Content-Type": "message/ohttp-req"})
        with urllib.request.urlopen(outer, timeout=10) as answer:
            assert answer.status == 200 and answer.headers["Content-Type"] == "message/ohttp-res"
            return parse_response(open_response(opening, answer.read()))

    status, _, body = send("POST", "/auth/login", [("content-type", "application/json")],
                           b'{"username":"emilys","password":"emilyspass"}')
    login = json.loads(body)
    assert status == 200 and login["username"] == "emilys", (status, body)
    print(f"ohttp-peer: login: {status}, signed in as {login['firstName']} {login['lastName']}")
    status, _, body = send("POST", "/auth/login", [("content-type", "application/json")],
                           b'{"username":"michaelw","password":"michaelwpass"}', write=bhttp_request_indeterminate)
    assert status == 200 and json.loads(body)["username"] == "michaelw", (status, body)
    print(f"ohttp-peer: login written indeterminate-length: {status}")
    status, headers, body = send("GET", "/auth/products/search?q=phone&limit=3&skip=0",
                                 [("authorization", "Bearer " + login["accessToken"])])
    page = json.loads(body)
    assert status == 200 and page["total"] > 0 and len(page["products"]) == 3, (status, body)
    assert "etag" in headers
    print(f"ohttp-peer: search: {status}, {page['total']} products for phone, ETag {headers['etag']}")


if __name__ == "__main__":
    if len(sys.argv) == 3 and sys.argv[1] == "vectors":
        vectors(sys.argv[2])
    elif len(sys.argv) == 4 and sys.argv[1] == "exchange":
        exchange(sys.argv[2], sys.argv[3])
    else:
        print(__doc__, file=sys.stderr)
        sys.exit(64)
