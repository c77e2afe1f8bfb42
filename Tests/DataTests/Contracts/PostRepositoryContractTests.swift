import Domain
import TestSupport
import Testing

/// What every `PostRepository` must do: the paged-list contract, for the signed-in
/// user's own posts. A mistake planted in the fake is one more implementation, and must
/// be seen by exactly the clauses that name it.
@Suite("The PostRepository contract: the fake and the remote repository over storefront-server", .timeLimit(.minutes(2)))
struct PostRepositoryContractTests {
    @Test("every posts repository keeps each promise of a paged list", arguments: PostRepositoryKind.all, PagedListContract.allCases)
    func keeps(kind: PostRepositoryKind, clause: PagedListContract) async throws {
        try await kind.with { try await clause.expectKept(by: $0) }
    }

    @Test("a mistake planted in the fake is seen by exactly the clauses that name it", arguments: FakePostRepository.PlantedMistake.allCases)
    func planted(mistake: FakePostRepository.PlantedMistake) async throws {
        let catching: [PagedListContract] = switch mistake {
        case .pagesFromZero: [.pagesInOrder]
        case .everyonesPosts: [.pagesInOrder]
        }
        #expect(try await PagedListContract.broken(making: PostRepositoryKind.fake(planting: mistake).with) == catching)
    }
}
