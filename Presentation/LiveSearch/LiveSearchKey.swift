/// A key the interactive screen understands, already decoded from the terminal's bytes.
public enum LiveSearchKey: Equatable, Sendable {
    case character(Character)
    case backspace
    /// Ctrl-U: clear the query.
    case clearQuery
    /// Ctrl-W: delete the last word.
    case deleteWord
    case nextPage
    case previousPage
    case up
    case down
    case enter
    case escape
}
