/// How long one operation of the SQLite store may wait for another process's write lock
/// (SQLite's busy timeout), once it has waited its turn on the store's one connection.
/// The bound counts from when the operation was asked for: operations queued behind a
/// held lock each fail within it, where a busy timeout alone restarts for each in turn
/// (six at once failed at 5, 10, … 30 s).
enum SQLiteBusyWait: Equatable {
    /// An operation's whole time, its turn's wait included.
    static let bound = Duration.seconds(5)
    /// A wait for the turn this short leaves the busy timeout as it is: a statement to
    /// shorten it would cost more than it saves.
    static let slack = Duration.milliseconds(100)
    /// Less than this left is not worth starting.
    static let least = Duration.milliseconds(10)

    /// The busy timeout as set: the whole bound.
    case whole
    /// What the turn's wait left of the bound.
    case shortened(Duration)
    /// Nothing left: the operation fails without being tried.
    case none

    static func allowed(afterWaiting waited: Duration) -> SQLiteBusyWait {
        let left = bound - waited
        if left <= least { return .none }
        return waited <= slack ? .whole : .shortened(left)
    }
}
