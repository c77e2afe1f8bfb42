/// How much a read may rely on answers kept from before: the person's choice
/// (`--offline`, `--refresh`), carried from the command to the repository.
public enum ReadPolicy: Sendable, Equatable {
    /// A kept answer the backend called fresh is used as it is; otherwise the backend
    /// is asked, and a kept answer stands in only when it cannot be reached.
    case standard
    /// Only kept answers; the backend is not asked at all (`--offline`).
    case cacheOnly
    /// The backend is asked even when a kept answer is still fresh (`--refresh`).
    case revalidate
}
