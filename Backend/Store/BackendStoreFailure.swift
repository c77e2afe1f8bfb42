/// The store could not be read or written: the request it was asked for is refused
/// (a sealed 503, or 503 for a token), never served as if nothing were remembered.
public struct BackendStoreFailure: Error, Sendable, CustomStringConvertible {
    public let description: String
    /// The database gave up waiting for a lock another session held (`lock_timeout`).
    let waitedForLock: Bool

    public init(_ description: String) {
        self.init(description, waitedForLock: false)
    }

    init(_ description: String, waitedForLock: Bool) {
        self.description = description
        self.waitedForLock = waitedForLock
    }
}
