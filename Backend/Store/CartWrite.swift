/// What a write to a cart came to.
public enum CartWrite: Sendable, Equatable {
    /// Added now: the cart that results.
    case added([CartLineRecord])
    /// Its key came with the same request before: the cart that write answered, and
    /// nothing added again.
    case answeredBefore([CartLineRecord])
    /// Its key came with another request: nothing added (the draft's 422).
    case keyReused
}
