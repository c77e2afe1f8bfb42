/// Counts events and opens a gate when the count reaches a target.
public actor Counter {
    public private(set) var value = 0
    private let target: Int
    private let gate: Gate

    public init(openingAt target: Int, gate: Gate) {
        self.target = target
        self.gate = gate
    }

    public func increment() async {
        value += 1
        if value == target { await gate.open() }
    }
}
