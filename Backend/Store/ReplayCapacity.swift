import Synchronization

/// How many requests a store remembers at once, and how many it holds now, as far as
/// this process knows: the live rows counted at start and at each sweep, plus those this
/// process admitted since (other processes' admissions show at the next count). Past
/// the limit a new request is refused (503) until a sweep frees room, so nobody holding
/// the public key can fill the disk. Both stores keep the rule here.
public final class ReplayCapacity: Sendable {
    /// A million live requests: about 94 MB of SQLite database (docs/OPERATIONS.md).
    public static let standard = 1_000_000

    let limit: Int
    private let remembered = Mutex(0)

    init(limit: Int) {
        self.limit = limit
    }

    var isFull: Bool { remembered.withLock { $0 } >= limit }

    /// One more request remembered by this process.
    func admitted() {
        remembered.withLock { $0 += 1 }
    }

    /// The live rows, counted anew across every process.
    func counted(_ live: Int) {
        remembered.withLock { $0 = live }
    }

    /// Why a new request is refused while full.
    var refusal: BackendStoreFailure {
        BackendStoreFailure("the replay memory holds its \(limit) requests; a sweep frees room as they expire")
    }
}
