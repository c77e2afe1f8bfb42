import Foundation
import Testing

/// docs/ARCHITECTURE.md's dependency diagram matches Package.swift. When it does not,
/// `scripts/update-diagram` rewrites it (this test with STOREFRONT_UPDATE_DIAGRAM=1).
@Suite("The dependency diagram is the manifest's", .timeLimit(.minutes(1)))
struct DependencyDiagramTests {
    static let document = PackageReader.repositoryRoot.appendingPathComponent("docs/ARCHITECTURE.md")

    @Test("the committed diagram is the one the manifest gives")
    func diagramIsCurrent() async throws {
        let targets = try await PackageReader.storefront.value.targets
        let fresh = DependencyDiagram.mermaid(of: targets)
        var text = try String(contentsOf: Self.document, encoding: .utf8)

        if ProcessInfo.processInfo.environment["STOREFRONT_UPDATE_DIAGRAM"] == "1" {
            text = try #require(DependencyDiagram.replacing(in: text, with: fresh), "docs/ARCHITECTURE.md has no diagram markers")
            try text.write(to: Self.document, atomically: true, encoding: .utf8)
        }

        let committed = try #require(DependencyDiagram.committed(in: text), "docs/ARCHITECTURE.md has no diagram markers")
        #expect(committed == fresh, "docs/ARCHITECTURE.md's diagram is stale: run scripts/update-diagram and commit it.")
    }

    @Test("a dependency added to the manifest changes the diagram")
    func addedDependencyShows() async throws {
        let targets = try await PackageReader.storefront.value.targets
        let widened = targets.map { target in
            target.name == "Domain"
                ? DeclaredTarget(name: "Domain", kind: target.kind, path: target.path, targetDependencies: ["Data"], productDependencies: [])
                : target
        }

        #expect(DependencyDiagram.mermaid(of: widened) != DependencyDiagram.mermaid(of: targets))
        #expect(DependencyDiagram.mermaid(of: widened).contains("    Domain --> Data"))
    }
}
