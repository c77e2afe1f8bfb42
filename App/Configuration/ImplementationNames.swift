/// Which implementation each seam a person can swap is to use, by name: what `status`
/// reports, and what the composition root makes from its lists
/// (`CompositionRoot+Choices.swift`), which also say which names exist and which is
/// the default.
struct ImplementationNames: Sendable, Equatable {
    /// The HTTP stack under the interceptor chain.
    var transport: String
    /// Where the session is kept.
    var sessionStore: String
}
