/// The admissions a gateway sends to PostgreSQL together (`AdmissionBatches`), as the
/// statement takes them and as each caller is answered: the decisions around
/// `AdmissionStatement`, apart from the database.
struct AdmissionBatch {
    /// One sealed request to remember, and the access token to read with it.
    struct Request: Sendable {
        let enc: [UInt8]
        let expiry: Int64
        let refused: Bool
        let now: Int64
        /// The access token's digest; empty when none is to be read (no digest is empty).
        let digest: [UInt8]
        /// When the gateway asked, so that its batch keeps to what is left of its deadline.
        let asked: ContinuousClock.Instant
    }

    /// What the statement says of one request.
    enum Answer: Sendable, Equatable {
        /// Remembered now, with the access token read for it, if one is kept.
        case admitted(AccessTokenRecord?)
        /// Not remembered now: remembered alive already (a replay), or its share full.
        case notRemembered
    }

    /// Every request, in the order they came.
    let requests: [Request]
    /// What the statement is given: each `enc` once, as first given, since one statement
    /// may not insert a row twice.
    let distinct: [Request]

    init(_ requests: [Request]) {
        self.requests = requests
        var seen: Set<[UInt8]> = []
        distinct = requests.filter { seen.insert($0.enc).inserted }
    }

    /// Each request's answer, from the `enc`s the statement remembered now and their
    /// tokens: the first to give an `enc` it remembered is admitted; every other is not,
    /// as if sent after the first.
    func answers(remembered: [(enc: [UInt8], token: AccessTokenRecord?)]) -> [Answer] {
        var admitted = Dictionary(remembered.map { ($0.enc, $0.token) }, uniquingKeysWith: { first, _ in first })
        return requests.map { request in
            guard let token = admitted.removeValue(forKey: request.enc) else { return .notRemembered }
            return .admitted(token)
        }
    }

    /// What is left at `now` of `deadline`, counted from when the batch's first request
    /// was asked: a batch that waited for the one before keeps each request's deadline.
    /// Nil when nothing is left.
    func remaining(of deadline: Duration, at now: ContinuousClock.Instant) -> Duration? {
        guard let first = requests.map(\.asked).min() else { return deadline }
        let left = deadline - first.duration(to: now)
        return left > .zero ? left : nil
    }
}
