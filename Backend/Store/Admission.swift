/// What the memory says of one request.
public enum Admission: Sendable, Equatable {
    /// New: remembered now.
    case admitted
    /// Already remembered, alive: a replay.
    case replayed
    /// New, but its share is full: not remembered.
    case full
}
