import Foundation
import Testing

/// The lists in the documents (and the contracts) a new seam, method, use case, route or
/// fuzz target has to join, read from the sources so that leaving one out fails here,
/// naming the list: each a place docs/ADDING-A-FEATURE.md sends a newcomer to.
@Suite("Every seam, use case, route and fuzz target is in its lists", .timeLimit(.minutes(1)))
struct DocumentListsTests {
    static let root = PackageReader.repositoryRoot

    static func text(_ path: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
    }

    /// The names of the Swift files in `folder`, without `.swift`.
    static func types(in folder: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent(folder).path)
            .filter { $0.hasSuffix(".swift") }.map { String($0.dropLast(6)) }.sorted()
    }

    /// The seams the contracts hold, each with the file its protocol is declared in:
    /// every repository protocol (a file of `Domain/Repositories/` each, named after it),
    /// and Data's own two. Read from the folder, so a new repository joins by existing.
    static func seams() throws -> [(seam: String, file: String)] {
        try types(in: "Domain/Repositories").map { ($0, "Domain/Repositories/\($0).swift") }
            + [("SessionStore", "Data/Session/SessionStore.swift"), ("ResponseCache", "Data/Cache/ResponseCache.swift")]
    }

    @Test("every seam has a contract")
    func everySeamHasAContract() throws {
        let seams = try Self.seams()
        #expect(seams.count >= 4, "the seams were not found: \(seams)")
        for (seam, _) in seams {
            let contract = Self.root.appendingPathComponent("Tests/DataTests/Contracts/\(seam)ContractTests.swift").path
            #expect(FileManager.default.fileExists(atPath: contract), "\(seam) has no contract: add Tests/DataTests/Contracts/\(seam)ContractTests.swift over the real one and the fake")
        }
    }

    @Test("every method of a seam's protocol is called by a clause of its contract")
    func everyMethodIsHeldByAClause() throws {
        for (seam, file) in try Self.seams() {
            let declaration = try Self.text(file)
            let body = declaration[(declaration.range(of: "protocol \(seam):")?.upperBound ?? declaration.startIndex)...]
            let protocolBody = body[..<(body.range(of: "\n}")?.lowerBound ?? body.endIndex)]
            let methods = Set(protocolBody.matches(of: /func\s+(\w+)\s*\(/).map { String($0.1) })
            #expect(!methods.isEmpty, "\(seam)'s methods were not found")
            // The contract, and what it runs over (`\(seam)Kind.swift`), which may make the calls.
            let contract = try Self.types(in: "Tests/DataTests/Contracts").filter { $0.hasPrefix(seam) }
                .map { try Self.text("Tests/DataTests/Contracts/\($0).swift") }.joined()
            for method in methods.sorted() {
                #expect(contract.contains(".\(method)("), "no clause of \(seam)ContractTests calls \(method): add one, with its answers written out")
            }
        }
    }

    @Test("every fuzz target is in docs/TESTING.md's table of fuzz targets and docs/ARCHITECTURE.md's Fuzz/ row")
    func everyFuzzTargetListed() throws {
        let folders = try FileManager.default.contentsOfDirectory(atPath: Self.root.appendingPathComponent("Fuzz").path)
            .filter { !["Corpus", "Support"].contains($0) && !$0.hasPrefix(".") }.sorted()
        #expect(folders.count >= 7, "the fuzz targets were not found: \(folders)")
        let testing = try Self.text("docs/TESTING.md")
        let architecture = try Self.text("docs/ARCHITECTURE.md").split(separator: "\n").first { $0.hasPrefix("| `Fuzz/` |") }
        for folder in folders {
            #expect(testing.contains("| `Fuzz\(folder)` |"), "docs/TESTING.md's fuzz table has no row for Fuzz\(folder)")
            #expect(architecture?.contains("`Fuzz\(folder)`") == true, "docs/ARCHITECTURE.md's Fuzz/ row does not name Fuzz\(folder)")
        }
    }

    @Test("every operation of docs/openapi.json is described in docs/PROTOCOL.md")
    func everyOperationInTheProtocol() throws {
        let document = try #require(try JSONSerialization.jsonObject(with: Data(Self.text("docs/openapi.json").utf8)) as? [String: Any])
        let paths = try #require(document["paths"] as? [String: [String: Any]])
        let protocolText = try Self.text("docs/PROTOCOL.md")
        for (path, operations) in paths.sorted(by: { $0.key < $1.key }) {
            for method in operations.keys where ["get", "post", "put", "patch", "delete"].contains(method) {
                // The path whole: `GET /auth/products` is not `GET /auth/products/search`.
                let named = ["`", "?", " "].contains { protocolText.contains("`\(method.uppercased()) \(path)\($0)") }
                #expect(named, "docs/PROTOCOL.md does not describe `\(method.uppercased()) \(path)`")
            }
        }
    }
}
