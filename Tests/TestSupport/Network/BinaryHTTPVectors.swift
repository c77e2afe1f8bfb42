import Foundation

/// RFC 9292 section 5's example messages as docs/vectors/binary-http-rfc9292.json keeps
/// them, for the tests of each side that reads Binary HTTP.
public enum BinaryHTTPVectors {
    private struct Document: Decodable {
        struct Message: Decodable {
            let figure: Int
            let bytes: String
        }

        let messages: [Message]
    }

    /// The bytes of the RFC's figure numbered `figure`; nil when the file holds none.
    public static func message(figure: Int) throws -> [UInt8]? {
        let file = RepositoryFolder.root.appendingPathComponent("docs/vectors/binary-http-rfc9292.json")
        let document = try JSONDecoder().decode(Document.self, from: Data(contentsOf: file))
        guard let hex = document.messages.first(where: { $0.figure == figure })?.bytes, hex.count.isMultiple(of: 2) else { return nil }
        let digits = Array(hex.utf8)
        return try stride(from: 0, to: digits.count, by: 2).map { index in
            guard let byte = UInt8(String(decoding: digits[index...index + 1], as: UTF8.self), radix: 16) else {
                throw CocoaError(.fileReadCorruptFile)
            }
            return byte
        }
    }
}
