import Domain

/// What a login's answer comes to: who signed in, and the session to keep.
struct SignedIn {
    let user: User
    let session: Session
}
