import Testing

/// One promise of a seam's contract, written once and checked against every
/// implementation the contract names (`Subject` makes a fresh one). A suite runs each
/// clause against each implementation; a planted divergence runs them all inside
/// `withKnownIssue`, which fails unless some clause catches it.
struct ContractClause<Subject: Sendable>: Sendable, CustomTestStringConvertible {
    let promise: String
    let check: @Sendable (Subject) async throws -> Void

    init(_ promise: String, _ check: @escaping @Sendable (Subject) async throws -> Void) {
        self.promise = promise
        self.check = check
    }

    var testDescription: String { promise }
}

extension Array {
    /// Runs every clause against `subject`, so that a planted divergence is caught by
    /// whichever clause it breaks.
    func checkAll<Subject: Sendable>(against subject: Subject) async throws where Element == ContractClause<Subject> {
        for clause in self {
            try await clause.check(subject)
        }
    }
}
