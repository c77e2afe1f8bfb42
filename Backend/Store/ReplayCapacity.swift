/// How many requests a store remembers at once in each share of its memory
/// (`ReplayShare`). Past a share's limit a new request of that share is not remembered
/// (`Admission.full`) until a sweep frees room, so nobody holding the public key can fill
/// the disk, and requests refused for their date never take the room of those served.
///
/// The rows are counted in the database, beside them, by the statement that remembers
/// one, so every gateway of one store fills one memory: of two gateways at the limit's
/// last row, one is told `.full`. A memory renewed after its expiry counts again until
/// the next sweep counts the rows anew: the count may run high for a while, never low.
public struct ReplayCapacity: Sendable {
    /// A million live requests served: about 94 MB of SQLite database (docs/OPERATIONS.md).
    public static let standard = 1_000_000

    /// The most requests served that are remembered at once.
    private let limit: Int

    init(limit: Int) {
        self.limit = limit
    }

    /// The most requests of `share` remembered at once: for those refused for their
    /// date, a tenth of the served share's, and at least one.
    func limit(of share: ReplayShare) -> Int {
        switch share {
        case .served: limit
        case .refused: max(1, limit / 10)
        }
    }
}
