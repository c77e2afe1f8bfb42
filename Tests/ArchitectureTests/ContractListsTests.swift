import Foundation
import Testing

/// Lists a new answer has to join, read from the sources so leaving one out fails: every
/// wire type the client decodes from a server is an answer of the `FuzzWireAnswers`
/// target or a part of one, each committed seed is named after the answer it feeds, and
/// every recorded DummyJSON answer names the operation it answers (what
/// `scripts/check-openapi` validates it against). (The commands' lists are held by
/// `CommandListsTests`, the routes' by `RouteDocumentationTests` and
/// `OpenAPIExamplesTests`.)
@Suite("Every wire type is fuzzed, every seed and recording named", .timeLimit(.minutes(1)))
struct ContractListsTests {
    static let root = PackageReader.repositoryRoot

    /// The types in Data/DTOs/ that decode a server's bytes (`Decodable` or `Codable`),
    /// each with the wire types its stored properties hold (`[ProductDTO]`, `UserDTO?`).
    static func wireTypes() throws -> [String: Set<String>] {
        let folder = root.appendingPathComponent("Data/DTOs")
        var types: [String: Set<String>] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() {
            let source = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
            let declarations = source.matches(of: /struct\s+(\w+)\s*:[^{]*\b(Decodable|Codable)\b/)
            for (index, declaration) in declarations.enumerated() {
                let end = index + 1 < declarations.count ? declarations[index + 1].range.lowerBound : source.endIndex
                let body = source[declaration.range.upperBound..<end]
                types[String(declaration.1)] = Set(body.matches(of: /(?:let|var)\s+\w+\s*:\s*\[?(\w+DTO)\b/).map { String($0.1) })
            }
        }
        return types
    }

    /// The wire fuzz target's code, not its comments: naming a type in a comment fuzzes nothing.
    static func fuzzCheck() throws -> String {
        try String(contentsOf: root.appendingPathComponent("Fuzz/WireAnswers/WireAnswersCheck.swift"), encoding: .utf8)
            .split(separator: "\n").filter { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("//") }.joined(separator: "\n")
    }

    @Test("every Decodable wire type in Data/DTOs/ is decoded by the wire fuzz target, itself or inside a type it decodes")
    func wireTypesAreFuzzed() throws {
        let types = try Self.wireTypes()
        #expect(types.count >= 7, "the wire types were not found: \(types)")
        let check = try Self.fuzzCheck()
        // What the target names, then whatever those hold, until nothing new is reached.
        var reached = Set(try types.keys.filter { check.contains(try Regex("\\b\($0)\\b").wordBoundaryKind(.simple)) })
        var frontier = reached
        while !frontier.isEmpty {
            frontier = Set(frontier.flatMap { types[$0] ?? [] }).subtracting(reached)
            reached.formUnion(frontier)
        }
        for type in types.keys.sorted() where !reached.contains(type) {
            Issue.record("Fuzz/WireAnswers/WireAnswersCheck.swift decodes no \(type), nor any type holding it: add it as an answer, or as a field of one")
        }
    }

    @Test("each wire fuzz seed is named after its answer, and starts with that answer's code")
    func seedsNamedByAnswer() throws {
        let codes = Dictionary(uniqueKeysWithValues: try Self.fuzzCheck().matches(of: /case\s+(\w+)\s*=\s*(\d+)/).map { (String($0.1), UInt8($0.2) ?? 255) })
        #expect(codes.count >= 8, "the answers' codes were not found: \(codes)")
        let corpus = Self.root.appendingPathComponent("Fuzz/Corpus/WireAnswers")
        let seeds = try FileManager.default.contentsOfDirectory(atPath: corpus.path).sorted()
        #expect(seeds.count >= codes.count, "a seed for every answer: \(seeds)")
        for seed in seeds {
            // `category-page` feeds `categoryPage`.
            let words = seed.split(separator: "-")
            let answer = (words.first.map(String.init) ?? "") + words.dropFirst().map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
            let first = try Data(contentsOf: corpus.appendingPathComponent(seed)).first
            #expect(codes[answer] != nil, "\(seed) names no answer of WireAnswersCheck")
            #expect(first.map { $0 & 0x0F } == codes[answer], "\(seed) starts with \(first.map(String.init) ?? "nothing"), not \(answer)'s code")
        }
    }

    @Test("every recorded DummyJSON answer names, in recordings.json, an operation docs/openapi.json describes")
    func recordingsNamed() throws {
        let folder = Self.root.appendingPathComponent("Tests/Recorded/dummyjson")
        let index = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: folder.appendingPathComponent("recordings.json"))) as? [String: String])
        let document = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: Self.root.appendingPathComponent("docs/openapi.json"))) as? [String: Any])
        let paths = try #require(document["paths"] as? [String: [String: Any]])
        let recordings = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".json") && $0 != "recordings.json" }.sorted()
        #expect(recordings.count >= 4, "the recordings were not found: \(recordings)")
        for recording in recordings {
            let operation = try #require(index[recording], "\(recording) is not in recordings.json: name the operation it answers, so scripts/check-openapi checks it")
            let parts = operation.split(separator: " ", maxSplits: 1).map(String.init)
            #expect(parts.count == 2 && paths[parts[1]]?[parts[0].lowercased()] != nil, "\(recording): docs/openapi.json has no \(operation)")
        }
    }
}
