import Testing

/// One implementation a contract runs over: each contract's kind conforms, so a test
/// case is named by its implementation.
public protocol ContractImplementation: CustomTestStringConvertible, Sendable {
    var name: String { get }
}

extension ContractImplementation {
    public var testDescription: String { name }
}
