import Domain
import TestSupport
import Testing

/// One signed-in user's list, read a page at a time (their posts; a cart's items, an
/// order history), as a seam's contract hands it to `PagedListContract`: how to read a
/// page, sign its user in and take the backend away, and the pages it must give.
struct PagedList: Sendable {
    /// A page as the contract compares it: the items' ids, and how many there are in all.
    struct Seen: Equatable, Sendable {
        let ids: [Int]
        let total: Int
    }

    let read: @Sendable (_ paging: Paging, _ policy: ReadPolicy) async throws(StoreError) -> Fetched<Seen>
    let signIn: @Sendable () async throws -> Void
    let goOffline: @Sendable () async -> Void
    let answers: PageAnswers
}

/// The pages a list must give, as a literal table: a page size, the ids on pages 1, 2, …
/// and the empty page past the end, and the total. Read off a fake's rows, or recorded
/// from `storefront-server`, never worked out by code like the implementations'.
struct PageAnswers: Sendable {
    let size: Int
    let pages: [[Int]]
    let total: Int
}

/// The promises every paged list of a signed-in user keeps, which a seam's contract
/// includes: each clause is what it sees of a list, and what it must see, so a test
/// expects the two equal for every implementation, and for a planted mistake expects
/// them apart in exactly the clauses that name it.
enum PagedListContract: ContractClause {
    /// Signed out, every read policy is `notSignedIn`.
    case signedOut
    /// The pages hold the user's own items in id order, the total on each, from the
    /// network, then an empty page.
    case pagesInOrder
    /// With the backend away, a page read before is the kept one, saying so; one never
    /// read is `offline` (`notCached` when offline was asked for).
    case keptPageOffline

    var testDescription: String {
        switch self {
        case .signedOut: "signed out, every read policy is notSignedIn"
        case .pagesInOrder: "pages hold the user's own items in id order, the total on each, then an empty page"
        case .keptPageOffline: "with the backend away: a page read before is the kept one, saying so; another is offline"
        }
    }

    /// How one read ended, as a clause records it.
    enum Outcome: Equatable, Sendable {
        /// A page, and where it came from.
        case page(PagedList.Seen, from: Origin)
        /// The very page an earlier read of the clause gave, and where it came from now.
        case pageReadBefore(from: Origin)
        case failed(StoreError)
    }

    /// What reading `list` shows of this promise.
    func seen(in list: PagedList) async throws -> [Outcome] {
        switch self {
        case .signedOut:
            let paging = try Paging()
            return await [ReadPolicy.standard, .cacheOnly, .revalidate].asyncMap { await Self.outcome(of: list, paging, $0) }
        case .pagesInOrder:
            try await list.signIn()
            return try await list.answers.pages.indices.asyncMap { index in
                await Self.outcome(of: list, try Paging(page: index + 1, pageSize: list.answers.size), .standard)
            }
        case .keptPageOffline:
            try await list.signIn()
            let (first, second) = (try Paging(page: 1, pageSize: list.answers.size), try Paging(page: 2, pageSize: list.answers.size))
            let read = try await list.read(first, .standard).value
            var seen = [await Self.outcome(of: list, first, .cacheOnly, readBefore: read), await Self.outcome(of: list, second, .cacheOnly)]
            await list.goOffline()
            seen += [await Self.outcome(of: list, first, .standard, readBefore: read), await Self.outcome(of: list, second, .standard)]
            return seen
        }
    }

    /// What this promise says reading `list` must show, by its literal answers.
    func expected(for list: PagedList) -> [Outcome] {
        let answers = list.answers
        return switch self {
        case .signedOut:
            Array(repeating: .failed(.notSignedIn), count: 3)
        case .pagesInOrder:
            answers.pages.map { .page(PagedList.Seen(ids: $0, total: answers.total), from: .network) }
        case .keptPageOffline:
            [
                .pageReadBefore(from: .cache(age: .zero, reason: .offlineRequested)),
                .failed(.notCached),
                .pageReadBefore(from: .cache(age: .zero, reason: .backendUnreachable)),
                .failed(.offline),
            ]
        }
    }

    /// How reading `paging` under `policy` ends; a page equal to `readBefore` is named so.
    private static func outcome(of list: PagedList, _ paging: Paging, _ policy: ReadPolicy, readBefore: PagedList.Seen? = nil) async -> Outcome {
        do {
            let page = try await list.read(paging, policy)
            return page.value == readBefore ? .pageReadBefore(from: page.origin) : .page(page.value, from: page.origin)
        } catch {
            return .failed(error)
        }
    }
}

extension Page {
    /// This page as a paged-list clause compares it, its items' ids read by `id`.
    func seen(_ id: (Item) -> Int) -> PagedList.Seen {
        PagedList.Seen(ids: items.map(id), total: total)
    }
}
