import Foundation
import TestSupport
import Testing

/// Each real repository is among the implementations its contract runs over: a contract
/// whose kinds are the fake alone passes and holds nothing. A new repository's contract
/// adds its kinds to `contracted` below, and the test names a repository no contract runs.
@Suite("Every real repository is under its contract", .timeLimit(.minutes(1)))
struct RealRepositoryCoverageTests {
    /// The names of every kind each repository contract runs over.
    static let contracted = Set(
        ProductRepositoryKind.all.map(\.name) + AuthRepositoryKind.all.map(\.name) + PostRepositoryKind.all.map(\.name)
    )

    @Test("each Data/Repositories/Remote…Repository.swift is a kind of some repository contract")
    func everyRealRepositoryRuns() throws {
        let folder = RepositoryFolder.root.appendingPathComponent("Data/Repositories")
        let repositories = try FileManager.default.contentsOfDirectory(atPath: folder.path)
            .filter { $0.hasPrefix("Remote") && $0.hasSuffix("Repository.swift") }
            .map { String($0.dropLast(".swift".count)) }
            .sorted()
        #expect(repositories.count >= 3, "the repositories were not found: \(repositories)")
        let missing = repositories.filter { !Self.contracted.contains($0) }
        #expect(
            missing.isEmpty,
            "no contract runs over \(missing): add the real one (`.remote`) to its contract's Kind.all, and that list to `contracted` here"
        )
    }
}
