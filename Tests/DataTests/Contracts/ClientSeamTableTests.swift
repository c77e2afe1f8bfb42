import Data
import Domain
import TestSupport
import Testing

/// docs/TESTING.md's table of the client's seams, made from the lists each contract runs
/// over: an implementation joins the table by joining its contract's list, and what a
/// fake does less is said where the contract makes it. `scripts/update-manual` writes it.
@Suite("docs/TESTING.md's table of the client's seams is the contracts' lists", .timeLimit(.minutes(1)))
struct ClientSeamTableTests {
    static let section = MarkedSection(document: "docs/TESTING.md", name: "client-seams")

    /// A seam's contract joins here, and `DocumentListsTests` names one that has not.
    static let rows = [
        SeamRow(seam: "ProductRepository", contract: ProductRepositoryContractTests.self, implementations: ProductRepositoryKind.all),
        SeamRow(seam: "AuthRepository", contract: AuthRepositoryContractTests.self, implementations: AuthRepositoryKind.all),
        SeamRow(seam: "ResponseCache", contract: ResponseCacheContractTests.self, implementations: CacheStoreKind.all),
        SeamRow(seam: "PostRepository", contract: PostRepositoryContractTests.self, implementations: PostRepositoryKind.all),
        SeamRow(seam: "SessionStore", contract: SessionStoreContractTests.self, implementations: SessionStoreKind.offered),
    ]

    @Test("the table is what the contracts' lists give")
    func tableIsCurrent() throws {
        if let wrong = try Self.section.keep(MarkedSection.table(SeamRow.header, Self.rows.map(\.cells))) {
            Issue.record("\(wrong)")
        }
    }
}
