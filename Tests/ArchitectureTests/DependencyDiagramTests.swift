import Foundation
import Testing

/// docs/ARCHITECTURE.md's dependency diagram matches Package.swift. When it does not,
/// `scripts/update-diagram` rewrites it (this test, given the token that run made).
@Suite("The dependency diagram is the manifest's", .timeLimit(.minutes(1)))
struct DependencyDiagramTests {
    static let document = PackageReader.repositoryRoot.appendingPathComponent("docs/ARCHITECTURE.md")

    /// `scripts/update-diagram` sets this; then the diagram is written, not checked. Only
    /// the token that run wrote into this clone counts: an inherited or stale value
    /// leaves the test checking, as it should.
    static var updating: Bool {
        guard let asked = ProcessInfo.processInfo.environment["STOREFRONT_UPDATE_DIAGRAM"], !asked.isEmpty else { return false }
        let file = PackageReader.repositoryRoot.appendingPathComponent(".build-architecture/update-diagram-token")
        let token = (try? String(contentsOf: file, encoding: .utf8))?.trimmingCharacters(in: .whitespacesAndNewlines)
        return asked == token
    }

    @Test("the committed diagram is the one the manifest gives", .disabled(if: updating, "rewriting the diagram instead"))
    func diagramIsCurrent() async throws {
        let targets = try await PackageReader.storefront.value.targets
        let text = try String(contentsOf: Self.document, encoding: .utf8)

        let committed = try #require(DependencyDiagram.committed(in: text), "docs/ARCHITECTURE.md has no diagram markers")
        #expect(committed == DependencyDiagram.mermaid(of: targets), "docs/ARCHITECTURE.md's diagram is stale: run scripts/update-diagram and commit it.")
    }

    @Test("scripts/update-diagram writes the manifest's diagram", .enabled(if: updating, "only when asked to rewrite"))
    func rewriteDiagram() async throws {
        let fresh = DependencyDiagram.mermaid(of: try await PackageReader.storefront.value.targets)
        let text = try String(contentsOf: Self.document, encoding: .utf8)
        let rewritten = try #require(DependencyDiagram.replacing(in: text, with: fresh), "docs/ARCHITECTURE.md has no diagram markers")
        try rewritten.write(to: Self.document, atomically: true, encoding: .utf8)

        let written = try String(contentsOf: Self.document, encoding: .utf8)
        #expect(DependencyDiagram.committed(in: written) == fresh)
    }

    @Test("replacing the diagram changes only what lies between the markers")
    func replacingKeepsTheRest() throws {
        let document = "# Title\n\n\(DependencyDiagram.begin)\nold diagram\n\(DependencyDiagram.end)\n\nAfter.\n"

        let replaced = try #require(DependencyDiagram.replacing(in: document, with: "new diagram"))

        #expect(DependencyDiagram.committed(in: replaced) == "new diagram")
        #expect(replaced.hasPrefix("# Title\n\n\(DependencyDiagram.begin)\n"))
        #expect(replaced.hasSuffix("\(DependencyDiagram.end)\n\nAfter.\n"))
        #expect(DependencyDiagram.replacing(in: "no markers", with: "x") == nil)
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
