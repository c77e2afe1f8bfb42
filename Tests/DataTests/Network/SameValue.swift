/// Whether two values read the same, every stored value included, for the decision types
/// the program never compares and so keeps no `Equatable` for (each conformance is a
/// record the runtime scans at start-up: `scripts/benchmark-client` counts them).
func same<Value>(_ first: Value, _ second: Value) -> Bool {
    String(reflecting: first) == String(reflecting: second)
}
