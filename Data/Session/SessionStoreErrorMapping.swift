import Domain

extension SessionStoreError {
    /// The domain's word for a store that could not keep (or remove) `what`: the one
    /// place that decides it, for login, logout and a refresh alike. A full place and a
    /// used-up quota are told apart, as their remedies differ; the rest is unexpected.
    public func storeError(keeping what: String) -> StoreError {
        switch self {
        case .notWritten(let reason): .cannotWrite(what: what, Diagnostic(reason))
        case .quotaExceeded(let reason): .quotaExceeded(what: what, Diagnostic(reason))
        case .untrusted(let reason), .damaged(let reason), .unavailable(let reason): .unexpected(Diagnostic(reason))
        }
    }
}
