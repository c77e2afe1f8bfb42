/// A configuration or start-up problem: exit 78 with a sentence that says what to do.
public struct StartupFailure: Error, Equatable {
    public let sentence: String

    public init(_ sentence: String) {
        self.sentence = sentence
    }
}
