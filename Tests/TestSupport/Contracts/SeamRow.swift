import Testing

/// What an implementation a contract runs over stands for, in docs/TESTING.md's table
/// of seams: said once, where the contract's list makes it.
public enum ContractRole: Sendable, Equatable {
    /// A real implementation, and how the contract runs it where that needs saying.
    case real(String? = nil)
    /// An implementation kept in the tests to show that the seam takes another.
    case shown
    /// The fake, and what it does less than the real ones: what the contract's clauses
    /// leave out for it, or allow it.
    case fake(doesLess: String)
}

/// One implementation a contract runs over, as its suites and the table of seams name
/// it: each contract's kind conforms, so a test case is named by its implementation.
public protocol ContractImplementation: CustomTestStringConvertible, Sendable {
    var name: String { get }
    /// What it stands for, in docs/TESTING.md's table of seams.
    var role: ContractRole { get }
}

extension ContractImplementation {
    public var testDescription: String { name }
}

/// One seam's row in docs/TESTING.md's table of seams, made from the implementations
/// its contract runs over, each with its role.
public struct SeamRow: Sendable {
    public let seam: String
    public let contract: String
    public let implementations: [(name: String, role: ContractRole)]

    public init(seam: String, contract: Any.Type, implementations: [some ContractImplementation]) {
        (self.seam, self.contract) = (seam, String(describing: contract))
        self.implementations = implementations.map { ($0.name, $0.role) }
    }

    public static let header = ["seam", "real", "fake", "contract", "what the fake does less, by the contract"]

    /// The row's cells: the seam, the real ones (and any shown), the fake, the contract,
    /// and what the fake does less.
    public var cells: [String] {
        var real: [String] = []
        var fakes: [String] = []
        var less: [String] = []
        for (name, role) in implementations {
            switch role {
            case .real(let how): real.append(how.map { "`\(name)` \($0)" } ?? "`\(name)`")
            case .shown: real.append("`\(name)` kept in the tests to show the seam")
            case .fake(let doesLess): (fakes, less) = (fakes + ["`\(name)`"], less + [doesLess])
            }
        }
        return ["`\(seam)`", Self.inWords(real), Self.inWords(fakes), "`\(contract)`", less.joined(separator: "; ")]
    }

    /// "a", "a, and b", "a, b, and c".
    static func inWords(_ items: [String]) -> String {
        guard items.count > 1, let last = items.last else { return items.first ?? "" }
        return items.dropLast().joined(separator: ", ") + ", and " + last
    }
}
