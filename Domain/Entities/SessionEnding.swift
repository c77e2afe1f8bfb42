/// What signing out did at the store. The session is forgotten on this side whatever it
/// says; it says whether the tokens still work anywhere else.
public enum SessionEnding: Sendable, Equatable {
    /// The store ended the session: its tokens work nowhere now.
    case ended
    /// The store offers no way to end a session (DummyJSON has none): its tokens work
    /// until they expire.
    case notOffered
    /// The store could not be asked, or failed to answer: its tokens work until they
    /// expire. The error says why.
    case notReached(StoreError)
    /// No one was signed in: there was nothing to end.
    case noSession
}
