import AppShared
/// Whether the app can run: `.ready` with its object graph, or `.failed` with one
/// sentence for a person. Start-up never traps and never falls back to a silent stub.
enum StartupState {
    case ready(CompositionRoot)
    case failed(StartupFailure)
}
