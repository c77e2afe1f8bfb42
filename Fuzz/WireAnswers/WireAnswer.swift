@testable import Data
import Domain
import Foundation
import HTTPTypes

/// Every answer the client decodes from a store, read the way the repositories read
/// it: the wire type, then the domain's check. This is the one list of them. The wire
/// fuzz target feeds it mutated bytes; `OpenAPIExamplesTests` feeds it every example of
/// `docs/openapi.json` and every recording in `Tests/Recorded/`; the seeds the fuzzer
/// starts from are made from the same examples and recordings (`WireAnswerSeeds`).
/// `ContractListsTests` fails when a wire type in `Data/DTOs/` is read by no answer.
enum WireAnswer: UInt8, CaseIterable {
    // Each answer's code is the low four bits of a fuzz input's first byte, so a new
    // answer takes the next free one (up to 15) and a finding keeps its meaning.
    case searchPage = 0
    case categoryPage = 1
    case product = 2
    case user = 3
    case login = 4
    case refresh = 5
    case categories = 6
    case errorBody = 7
    case postPage = 8

    /// The operations of `docs/openapi.json` (their `operationId`) whose success this
    /// is. The error body answers every failure of every operation.
    var operations: [String] {
        switch self {
        case .searchPage: ["searchProducts", "searchProductsPublicly"]
        case .categoryPage: ["categoryProducts"]
        case .product: ["product", "productPublicly"]
        case .user: ["currentUser"]
        case .login: ["logIn"]
        case .refresh: ["refresh"]
        case .categories: ["listCategories"]
        case .errorBody: []
        case .postPage: ["userPosts"]
        }
    }

    /// The answer to `operationID`'s success, if any answer reads it.
    static func answering(_ operationID: String) -> WireAnswer? {
        allCases.first { $0.operations.contains(operationID) }
    }

    /// What a read answer holds, for the checks to look at.
    enum Reading {
        case page(items: Int, page: Int, pageSize: Int, total: Int)
        /// A login's session, or the session a refresh renewed (nil: it renewed nothing).
        case session(Session?)
        /// A product, a user, the categories: read and checked, nothing more to hold.
        case value
        /// A failing server's body: what its status (a 500) came to, and its message.
        case failure(StoreError, message: String?)
    }

    /// A refresh renews this session: its user is the one a renewed session must keep.
    static let renewedSession = Session(accessToken: "old", refreshToken: "old", userID: 1)

    /// `body` read as this answer to a request for `paging`, as the client reads it.
    func read(_ body: [UInt8], paging: Paging) throws(StoreError) -> Reading {
        switch self {
        case .searchPage:
            return try Self.shape(StoreClient.decode(body, as: ProductSearchResponseDTO.self).toDomain(for: paging, named: "search"))
        case .categoryPage:
            return try Self.shape(StoreClient.decode(body, as: ProductSearchResponseDTO.self).toDomain(for: paging, named: "category"))
        case .postPage:
            return try Self.shape(StoreClient.decode(body, as: PostPageDTO.self).toDomain(for: paging))
        case .product:
            _ = try StoreClient.decode(body, as: ProductDTO.self).toDomain()
            return .value
        case .user:
            _ = try StoreClient.decode(body, as: UserDTO.self).toDomain()
            return .value
        case .categories:
            _ = try StoreClient.decode(body, as: [CategoryDTO].self).toDomain()
            return .value
        case .login:
            return .session(try StoreClient.decode(body, as: LoginResponseDTO.self).toDomain().session)
        case .refresh:
            return .session(try StoreClient.decode(body, as: RefreshResponseDTO.self).session(renewing: Self.renewedSession))
        case .errorBody:
            // The status decides what failed; the message is the body's when it reads.
            let message = (try? StoreClient.decode(body, as: ErrorBodyDTO.self))?.message
            let failure = StoreErrorMapping.fromResponse(
                HTTPResponse(status: .internalServerError), body: body, in: .authenticated, now: Date(timeIntervalSince1970: 0)
            )
            return .failure(failure, message: message)
        }
    }

    private static func shape<Item>(_ page: Page<Item>) -> Reading {
        .page(items: page.items.count, page: page.page, pageSize: page.pageSize, total: page.total)
    }
}
