import TestSupport
import Testing

/// One promise of a seam's contract, written once and checked against every
/// implementation the contract names (`Subject` makes a fresh one). A suite runs each
/// clause against each implementation it applies to; a mistake planted in a fake runs
/// the clauses one by one and must fail exactly the clauses that name it.
struct ContractClause<Subject: Sendable>: Sendable, CustomTestStringConvertible {
    let promise: String
    /// Which implementations the promise is made for: a clause that means nothing for
    /// some (a file check for a store with no files) says so here, rather than passing
    /// for them with nothing checked.
    let appliesTo: @Sendable (Subject) -> Bool
    let check: @Sendable (Subject) async throws -> Void

    init(
        _ promise: String,
        appliesTo: @escaping @Sendable (Subject) -> Bool = { _ in true },
        _ check: @escaping @Sendable (Subject) async throws -> Void
    ) {
        self.promise = promise
        self.appliesTo = appliesTo
        self.check = check
    }

    var testDescription: String { promise }
}

/// One clause against one implementation: a row of a contract suite.
struct ContractCase<Subject: Sendable & CustomTestStringConvertible>: Sendable, CustomTestStringConvertible {
    let subject: Subject
    let clause: ContractClause<Subject>

    var testDescription: String { "\(subject.testDescription): \(clause.promise)" }

    /// Every clause against every implementation it applies to: a pair a clause does not
    /// apply to is left out by name (`appliesTo`), never run with nothing to check.
    static func all(_ subjects: [Subject], _ clauses: [ContractClause<Subject>]) -> [ContractCase] {
        subjects.flatMap { subject in clauses.filter { $0.appliesTo(subject) }.map { ContractCase(subject: subject, clause: $0) } }
    }
}

extension Array {
    /// The promises of the clauses that fail for `subject`, each clause run on its own:
    /// what a planted mistake is caught by. A clause fails when it records any issue,
    /// a thrown error included, so a fixture that throws fails every clause and matches
    /// no plant's list.
    func failing<Subject: Sendable>(for subject: Subject) async -> [String] where Element == ContractClause<Subject> {
        var failing: [String] = []
        for clause in self where clause.appliesTo(subject) {
            let failed = SharedValue(false)
            await withKnownIssue(isIntermittent: true) {
                do {
                    try await clause.check(subject)
                } catch {
                    Issue.record(error)
                }
            } matching: { _ in
                failed.set(true)
                return true
            }
            if failed.value { failing.append(clause.promise) }
        }
        return failing
    }
}

