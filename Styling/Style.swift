/// What a piece of text is, for a terminal that shows colour. Presenters say what
/// text is; the App's terminal decides how each looks, or that none does (piped,
/// `NO_COLOR`, `TERM=dumb`, `--json`).
public enum Style: Sendable, Equatable {
    /// The `storefront:` of an error line.
    case error
    /// A line that qualifies the answer: cached, offline.
    case warning
    /// A command that did what was asked ("Signed in as …").
    case success
    /// A table's column names.
    case heading
    /// An amount of money.
    case price
    /// What people made of a thing: a product's rating, a post's likes.
    case score
    /// What the eye may skip: identifiers, a missing brand, the "Showing …" line.
    case secondary
}
