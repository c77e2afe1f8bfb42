@testable import Data
import Domain
import Foundation
import HTTPTypes

/// One fuzz input read as a store's answer, decoded and mapped to the domain the way
/// the repositories do it. The first byte says which answer (its low four bits are the
/// answer's code) and which page was asked for; the rest is the body. Every wire type
/// the client decodes from a server is one of the answers, or a part of one
/// (`ContractListsTests` fails when one is not). A crash, a
/// hang, or a broken rule below is a finding:
/// - an answer the client cannot use fails as `unusableResponse`, and as nothing else;
/// - a page (of products or posts) holds no more than was asked for, and is the page asked for;
/// - a session holds only an access token that goes back unchanged in `Authorization`;
/// - a failing server's body (`ErrorBodyDTO`) never changes what its status means.
enum WireAnswersCheck {
    /// Each answer's code, fixed: a new answer takes the next free one (up to 15), so a
    /// committed seed, named after its answer (`Fuzz/Corpus/WireAnswers/login` starts
    /// with 4), keeps its answer whatever is added. `ContractListsTests` checks the names.
    enum Answer: UInt8, CaseIterable {
        case searchPage = 0
        case categoryPage = 1
        case product = 2
        case user = 3
        case login = 4
        case refresh = 5
        case categories = 6
        case errorBody = 7
        case postPage = 8
    }

    static func run(_ input: UnsafeRawBufferPointer) {
        guard let first = input.first, let answer = Answer(rawValue: first & 0x0F) else { return }
        let page = 1 + Int(first / 7) % 4
        let pageSize = 1 + Int(first / 28) % 9
        let body = Array(input.dropFirst())
        do throws(StoreError) {
            switch answer {
            case .searchPage:
                guard let query = try? SearchQuery(text: "phone", page: page, pageSize: pageSize) else { return }
                let mapped = try StoreClient.decode(body, as: ProductSearchResponseDTO.self).toDomain(for: query.paging)
                check(mapped, page: page, pageSize: pageSize)
            case .categoryPage:
                guard let query = try? CategoryQuery(slug: "smartphones", page: page, pageSize: pageSize) else { return }
                let mapped = try StoreClient.decode(body, as: ProductSearchResponseDTO.self).toDomain(for: query.paging)
                check(mapped, page: page, pageSize: pageSize)
            case .product:
                _ = try StoreClient.decode(body, as: ProductDTO.self).toDomain()
            case .user:
                _ = try StoreClient.decode(body, as: UserDTO.self).toDomain()
            case .login:
                let (_, session) = try StoreClient.decode(body, as: LoginResponseDTO.self).toDomain()
                checkSendable(session)
            case .refresh:
                let current = Session(accessToken: "old", refreshToken: "old", userID: 1)
                if let renewed = try StoreClient.decode(body, as: RefreshResponseDTO.self).session(renewing: current) {
                    checkSendable(renewed)
                    precondition(renewed.userID == current.userID, "a refresh changed whose session it is")
                }
            case .categories:
                _ = try StoreClient.decode(body, as: [CategoryDTO].self).toDomain()
            case .errorBody:
                // The status decides what failed; the message is the body's when it reads.
                let message = (try? StoreClient.decode(body, as: ErrorBodyDTO.self))?.message
                let failure = StoreErrorMapping.storeError(
                    for: HTTPResponse(status: .internalServerError), body: body, in: .authenticated, now: Date(timeIntervalSince1970: 0)
                )
                precondition(failure == .storeFailed(Diagnostic("500", theirWords: message)), "a 500 with this body failed as \(failure)")
            case .postPage:
                guard let paging = try? Paging(page: page, pageSize: pageSize) else { return }
                let mapped = try StoreClient.decode(body, as: PostPageDTO.self).toDomain(for: paging)
                check(mapped, page: page, pageSize: pageSize)
            }
        } catch {
            guard case .unusableResponse = error else { preconditionFailure("an unusable answer failed as \(error)") }
        }
    }

    private static func check<Item>(_ mapped: Page<Item>, page: Int, pageSize: Int) {
        precondition(mapped.items.count <= pageSize, "a page holds \(mapped.items.count) items, \(pageSize) asked for")
        precondition(mapped.page == page && mapped.pageSize == pageSize, "another page than the one asked for")
        precondition(mapped.total >= mapped.items.count, "fewer items in all than on the page")
    }

    /// swift-http-types, not the client's own rule, says what `Authorization` can carry.
    private static func checkSendable(_ session: Session) {
        precondition(HTTPField.isValidValue("Bearer \(session.accessToken)"), "a session keeps an access token that cannot be sent")
        precondition(!session.accessToken.contains(" "), "a session keeps an access token of two words")
        precondition(!session.refreshToken.isEmpty, "a session keeps an empty refresh token")
    }
}
