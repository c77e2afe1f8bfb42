/// The two parts of the replay memory, each with its own limit (`ReplayCapacity`), so
/// that requests refused for their date, however many, never take the room of requests
/// that are served.
public enum ReplayShare: Sendable, Equatable {
    /// Requests whose date lets them be served now.
    case served
    /// Requests refused for their date that a gateway could serve later (dated ahead).
    case refused
}
