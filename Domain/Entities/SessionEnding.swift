/// What signing out did at the store. The session is forgotten on this side whatever it
/// says; it says whether the tokens still work anywhere else.
public enum SessionEnding: Sendable, Equatable {
    /// The store ended the session: its tokens work nowhere now.
    case ended
    /// The store offers no way to end a session (DummyJSON has none): its tokens work
    /// until they expire.
    case notOffered
    /// The store did not say it ended the session: it could not be asked, its answer
    /// never came, or it refused. Its tokens may work until they expire; the error says
    /// why.
    case unconfirmed(StoreError)
    /// No one was signed in: there was nothing to end.
    case noSession
}
