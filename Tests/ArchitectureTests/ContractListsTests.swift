import Foundation
import Testing

/// The list a new answer has to join, read from the sources so leaving one out fails:
/// every wire type the client decodes from a server is read by the one list of answers
/// (`WireAnswer`, which the fuzz target and `OpenAPIExamplesTests` iterate) or is a part
/// of one. (`OpenAPIExamplesTests` holds each recording's name to an operation.) (The commands' lists are held by
/// `CommandListsTests`, the routes' by `RouteDocumentationTests` and
/// `OpenAPIExamplesTests`.)
@Suite("Every wire type is fuzzed", .timeLimit(.minutes(1)))
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

    /// The list of answers' code, not its comments: naming a type in a comment reads nothing.
    static func answerList() throws -> String {
        try String(contentsOf: root.appendingPathComponent("Fuzz/WireAnswers/WireAnswer.swift"), encoding: .utf8)
            .split(separator: "\n").filter { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("//") }.joined(separator: "\n")
    }

    @Test("every Decodable wire type in Data/DTOs/ is read by an answer of WireAnswer, itself or inside a type it reads")
    func wireTypesAreFuzzed() throws {
        let types = try Self.wireTypes()
        #expect(types.count >= 7, "the wire types were not found: \(types)")
        let check = try Self.answerList()
        // What the target names, then whatever those hold, until nothing new is reached.
        var reached = Set(try types.keys.filter { check.contains(try Regex("\\b\($0)\\b").wordBoundaryKind(.simple)) })
        var frontier = reached
        while !frontier.isEmpty {
            frontier = Set(frontier.flatMap { types[$0] ?? [] }).subtracting(reached)
            reached.formUnion(frontier)
        }
        for type in types.keys.sorted() where !reached.contains(type) {
            Issue.record("Fuzz/WireAnswers/WireAnswer.swift reads no \(type), nor any type holding it: add it as an answer, or as a field of one")
        }
    }
}
