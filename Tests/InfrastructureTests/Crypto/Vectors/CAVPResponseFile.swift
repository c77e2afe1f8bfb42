import Foundation

/// A NIST CAVP response file (`.rsp`) read into its vectors: sections of
/// `[Name = value]` lines set the parameters (key, IV, text and tag lengths in bits)
/// of the `Count = N` blocks under them, whose `Name = hex` lines are the vector and
/// a bare `FAIL` line says the tag must not verify.
struct CAVPResponseFile {
    struct Vector {
        /// The section's parameters, e.g. `IVlen` and `Taglen`, in bits.
        let parameters: [String: Int]
        /// The block's fields by name (`Count`, `Key`, `IV`, `PT`, `AAD`, `CT`, `Tag`).
        let fields: [String: String]
        /// A decryption vector whose tag must be refused.
        let fails: Bool

        func bytes(_ name: String) -> [UInt8]? {
            fields[name].flatMap(Hex.bytes)
        }
    }

    let vectors: [Vector]

    init(contentsOf url: URL) throws {
        var vectors: [Vector] = []
        var parameters: [String: Int] = [:]
        var fields: [String: String] = [:]
        var fails = false

        func finishBlock() {
            if fields["Count"] != nil { vectors.append(Vector(parameters: parameters, fields: fields, fails: fails)) }
            fields = [:]
            fails = false
        }

        for rawLine in try String(contentsOf: url, encoding: .utf8).split(omittingEmptySubsequences: false, whereSeparator: \.isNewline) {
            let line = rawLine.trimmingCharacters(in: .whitespacesAndNewlines)
            if line.hasPrefix("#") { continue }
            if line.isEmpty {
                finishBlock()
            } else if line.hasPrefix("["), line.hasSuffix("]") {
                finishBlock()
                let (name, value) = Self.pair(line.dropFirst().dropLast())
                parameters[name] = Int(value)
            } else if line == "FAIL" {
                fails = true
            } else {
                let (name, value) = Self.pair(Substring(line))
                fields[name] = value
            }
        }
        finishBlock()
        self.vectors = vectors
    }

    private static func pair(_ text: Substring) -> (String, String) {
        let parts = text.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
        let name = parts[0].trimmingCharacters(in: .whitespaces)
        let value = parts.count > 1 ? parts[1].trimmingCharacters(in: .whitespaces) : ""
        return (name, value)
    }
}
