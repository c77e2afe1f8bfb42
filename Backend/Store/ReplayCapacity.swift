import Synchronization

/// How many requests a store remembers at once in each share of its memory
/// (`ReplayShare`), and how many it holds now, as far as this process knows: the live
/// rows counted at start and at each sweep, plus those this process admitted since
/// (other processes' admissions show at the next count). Past a share's limit a new
/// request of that share is not remembered (`Admission.full`) until a sweep frees room,
/// so nobody holding the public key can fill the disk, and requests refused for their
/// date never take the room of those served. Both stores keep the rule here.
public final class ReplayCapacity: Sendable {
    /// A million live requests served: about 94 MB of SQLite database (docs/OPERATIONS.md).
    public static let standard = 1_000_000

    /// The most requests served that are remembered at once.
    let limit: Int
    /// The most requests refused for their date that are remembered at once: a tenth of
    /// `limit`, and at least one.
    var refusedLimit: Int { max(1, limit / 10) }

    private let remembered = Mutex((served: 0, refused: 0))

    init(limit: Int) {
        self.limit = limit
    }

    /// Whether `share` holds its limit.
    func isFull(_ share: ReplayShare) -> Bool {
        remembered.withLock { counts in
            switch share {
            case .served: counts.served >= limit
            case .refused: counts.refused >= refusedLimit
            }
        }
    }

    /// One more request remembered by this process in `share`.
    func admitted(_ share: ReplayShare) {
        remembered.withLock { counts in
            switch share {
            case .served: counts.served += 1
            case .refused: counts.refused += 1
            }
        }
    }

    /// The live rows of each share, counted anew across every process.
    func counted(served: Int, refused: Int) {
        remembered.withLock { $0 = (served, refused) }
    }

}
