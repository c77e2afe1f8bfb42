import TestSupport
import Testing

/// docs/TESTING.md's row for the backend's store, made from the list its contract runs
/// over, as the client's seams' table is. `scripts/update-manual` writes it.
@Suite("docs/TESTING.md's table of the backend's seam is its contract's list", .timeLimit(.minutes(1)))
struct BackendSeamTableTests {
    static let section = MarkedSection(document: "docs/TESTING.md", name: "backend-seams")

    @Test("the table is what the contract's list gives")
    func tableIsCurrent() throws {
        let row = SeamRow(seam: "BackendStore", contract: BackendStoreContractTests.self, implementations: BackendStoreKind.offered)
        if let wrong = try Self.section.keep(MarkedSection.table(SeamRow.header, [row.cells])) {
            Issue.record("\(wrong)")
        }
    }
}
