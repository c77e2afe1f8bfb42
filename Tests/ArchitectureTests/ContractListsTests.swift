import Foundation
import Testing

/// Lists a new answer has to join, read from the sources so leaving one out fails: every
/// wire type the client decodes from a server is an answer of the `FuzzWireAnswers`
/// target, which promises to cover them all. (The commands' lists are held by
/// `CommandListsTests`, the routes' by `RouteDocumentationTests` and
/// `OpenAPIExamplesTests`.)
@Suite("Every wire type is fuzzed", .timeLimit(.minutes(1)))
struct ContractListsTests {
    static let root = PackageReader.repositoryRoot

    /// The types in Data/DTOs/ that decode a server's bytes (`Decodable` or `Codable`).
    static func wireTypes() throws -> [String] {
        let folder = root.appendingPathComponent("Data/DTOs")
        return try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted().flatMap { name in
            let source = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
            return source.matches(of: /struct\s+(\w+)\s*:[^{]*\b(Decodable|Codable)\b/).map { String($0.1) }
        }
    }

    @Test("every Decodable wire type in Data/DTOs/ is decoded by the wire fuzz target")
    func wireTypesAreFuzzed() throws {
        let types = try Self.wireTypes()
        #expect(types.count >= 7, "the wire types were not found: \(types)")
        // Its code, not its comments: naming a type in a comment fuzzes nothing.
        let check = try String(contentsOf: Self.root.appendingPathComponent("Fuzz/WireAnswers/WireAnswersCheck.swift"), encoding: .utf8)
            .split(separator: "\n").filter { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("//") }.joined(separator: "\n")
        for type in types {
            #expect(check.contains(try Regex("\\b\(type)\\b").wordBoundaryKind(.simple)), "Fuzz/WireAnswers/WireAnswersCheck.swift decodes no \(type): add it as an answer")
        }
    }
}
