import TestSupport
import Testing

/// One promise of a seam's contract, as the cases of an enum: what the clause sees of an
/// implementation (`seen(in:)`), beside what it must see (`expected(for:)`). A contract
/// suite expects the two equal for every implementation, and, for each mistake planted
/// in a fake, apart in exactly the clauses that name it: plain values compared, so a
/// clause that fails says what it saw.
protocol ContractClause: CaseIterable, CustomTestStringConvertible, Sendable {
    associatedtype Subject
    associatedtype Seen: Equatable

    /// What the clause sees of `subject`, each step's outcome in order.
    func seen(in subject: Subject) async throws -> Seen
    /// What it must see of `subject`: from literal answers, never from an expression
    /// like the implementation's.
    func expected(for subject: Subject) -> Seen
}

/// How a contract gets a fresh subject for each clause: a kind's `with`, which makes one,
/// hands it to the clause and takes it down after.
typealias SubjectMaker<Subject> = (_ body: @Sendable (Subject) async throws -> Void) async throws -> Void

extension ContractClause {
    /// Expects what this clause sees of `subject` to be what it must see.
    func expectKept(by subject: Subject, sourceLocation: SourceLocation = #_sourceLocation) async throws {
        let seen = try await seen(in: subject)
        #expect(seen == expected(for: subject), sourceLocation: sourceLocation)
    }

    /// Whether `subject` keeps this promise. A clause that throws keeps nothing, so a
    /// fixture that throws breaks every clause and matches no planted mistake's list.
    func isKept(by subject: Subject) async -> Bool {
        guard let seen = try? await seen(in: subject) else { return false }
        return seen == expected(for: subject)
    }

    /// The clauses among `clauses` that a subject breaks, each run on a fresh one from
    /// `make`, in the order given: what a planted mistake is caught by.
    static func broken(among clauses: [Self] = Array(allCases), making make: SubjectMaker<Subject>) async throws -> [Self] where Subject: Sendable {
        var broken: [Self] = []
        for clause in clauses {
            let kept = SharedValue(false)
            try await make { subject in kept.set(await clause.isKept(by: subject)) }
            if !kept.value { broken.append(clause) }
        }
        return broken
    }
}

extension Sequence {
    /// Each element through `transform`, one after the other, in order.
    func asyncMap<T>(_ transform: (Element) async throws -> T) async rethrows -> [T] {
        var results: [T] = []
        for element in self { results.append(try await transform(element)) }
        return results
    }
}
