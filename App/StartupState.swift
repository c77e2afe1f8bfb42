/// Whether the app can run: `.ready` with its object graph, or `.failed` with one
/// sentence for a person. Start-up never traps and never falls back to a silent stub.
enum StartupState {
    case ready(CompositionRoot)
    case failed(StartupFailure)
}

/// A configuration or start-up problem: exit 78 with a sentence that says what to do.
struct StartupFailure: Error, Equatable {
    let sentence: String

    init(_ sentence: String) {
        self.sentence = sentence
    }
}
