@testable import Data
import Domain
import Foundation
import HTTPTypes

/// Every answer the client reads from a store, each read through the call that asks for
/// it (`StoreEndpoints`), which says the wire type and the mapping to the domain: this
/// list decodes nothing itself. An answer is named by the operation of
/// `docs/openapi.json` (its `operationId`) whose success it is. The wire fuzz target
/// feeds it mutated bytes; `OpenAPIExamplesTests` feeds it every example of the document
/// and every recording in `Tests/Recorded/`, and names an operation no answer reads; the
/// seeds the fuzzer starts from are made from the same examples and recordings
/// (`WireAnswerSeeds`).
struct WireAnswer: Sendable {
    /// The `operationId` whose success this is, or `errorBody` for every failure's body.
    let name: String
    /// `body` read as this answer to a request for `paging`, as the client reads it.
    let read: @Sendable (_ body: [UInt8], _ paging: Paging) throws(StoreError) -> Reading

    /// What a read answer holds, for the checks to look at.
    enum Reading {
        case page(items: Int, page: Int, pageSize: Int, total: Int)
        /// A login's session, or the session a refresh renewed.
        case session(Session)
        /// A product, a user, the categories: read and checked, nothing more to hold.
        case value
        /// A failing server's body: what its status (a 500) came to, and its message.
        case failure(StoreError, message: String?)
    }

    /// A refresh renews this session: its user is the one a renewed session must keep.
    static let renewedSession = Session(accessToken: "old", refreshToken: "old", userID: 1)

    /// The success of each operation the client calls, by its call.
    static let successes: [WireAnswer] = [
        WireAnswer(name: "searchProducts") { body, paging throws(StoreError) in
            .page(try StoreEndpoints.search(made(SearchQuery(text: "phone", page: paging.page, pageSize: paging.pageSize))).value(from: body))
        },
        WireAnswer(name: "categoryProducts") { body, paging throws(StoreError) in
            .page(try StoreEndpoints.category(made(CategoryQuery(slug: "smartphones", page: paging.page, pageSize: paging.pageSize))).value(from: body))
        },
        WireAnswer(name: "userPosts") { body, paging throws(StoreError) in
            .page(try StoreEndpoints.posts(ofUser: 1, paging).value(from: body))
        },
        WireAnswer(name: "userCarts") { body, _ throws(StoreError) in
            _ = try StoreEndpoints.cart(ofUser: 1).value(from: body)
            return .value
        },
        WireAnswer(name: "addToCart") { body, _ throws(StoreError) in
            _ = try made(StoreEndpoints.addToCart(ofUser: 1, made(ProductID(1)), quantity: 1, key: UUID())).value(from: body)
            return .value
        },
        WireAnswer(name: "product") { body, _ throws(StoreError) in
            _ = try StoreEndpoints.product(made(ProductID(1))).value(from: body)
            return .value
        },
        WireAnswer(name: "currentUser") { body, _ throws(StoreError) in
            _ = try StoreEndpoints.currentUser.value(from: body)
            return .value
        },
        WireAnswer(name: "listCategories") { body, _ throws(StoreError) in
            _ = try StoreEndpoints.categories.value(from: body)
            return .value
        },
        WireAnswer(name: "logIn") { body, _ throws(StoreError) in
            .session(try made(StoreEndpoints.logIn(username: "emilys", password: "emilyspass")).value(from: body).session)
        },
        WireAnswer(name: "refresh") { body, _ throws(StoreError) in
            .session(try made(StoreEndpoints.refresh(renewing: renewedSession)).value(from: body))
        },
        WireAnswer(name: "revokeToken") { body, _ throws(StoreError) in
            try StoreEndpoints.revoke(renewedSession).value(from: body)
            return .value
        },
    ]

    /// Any failure's body: the status decides what failed; the message is the body's
    /// when it reads (`StoreErrorMapping`).
    static let errorBody = WireAnswer(name: "errorBody") { body, _ in
        let message = (try? JSONDecoder().decode(ErrorBodyDTO.self, from: Data(body)))?.message
        let failure = StoreErrorMapping.fromResponse(
            HTTPResponse(status: .internalServerError), body: body, in: .authenticated, now: Date(timeIntervalSince1970: 0)
        )
        return .failure(failure, message: message)
    }

    /// Every answer, looked up by name once per fuzz input.
    static let all = successes + [errorBody]

    /// The answer named `name`, if any.
    static func named(_ name: String) -> WireAnswer? {
        all.first { $0.name == name }
    }

    /// What a request is made of (a query, a call whose body is encoded), none of which
    /// fails for the values above. If one did, every body would read as unusable, and
    /// `OpenAPIExamplesTests`, which expects each example to read, would say so.
    private static func made<Part>(_ make: @autoclosure () throws -> Part) throws(StoreError) -> Part {
        do {
            return try make()
        } catch {
            throw .unusableResponse(Diagnostic("the request: \(error)"))
        }
    }
}

extension WireAnswer.Reading {
    static func page<Item>(_ page: Page<Item>) -> Self {
        .page(items: page.items.count, page: page.page, pageSize: page.pageSize, total: page.total)
    }
}
