import Presentation
import Synchronization

/// A view that remembers every screen it was shown.
public final class SpyView: LiveSearchView {
    private let screens = ScreenLog()

    private let rows: Mutex<Int>

    public init(resultRows: Int = 10) {
        rows = Mutex(resultRows)
    }

    /// Result rows the screen has room for: the page size each search asks for.
    public var resultRows: Int { rows.withLock { $0 } }

    /// As if the terminal were resized.
    public func resize(resultRows: Int) {
        rows.withLock { $0 = resultRows }
    }

    public func show(_ screen: LiveSearchScreen) {
        screens.append(screen)
    }

    public var last: LiveSearchScreen? { screens.all.last }
    /// How many screens were shown so far.
    public var shownCount: Int { screens.all.count }
}

/// Screens in the order they were shown, safe to append from any task.
final class ScreenLog: Sendable {
    private let screens = Mutex<[LiveSearchScreen]>([])

    var all: [LiveSearchScreen] { screens.withLock { $0 } }

    func append(_ screen: LiveSearchScreen) {
        screens.withLock { $0.append(screen) }
    }
}
