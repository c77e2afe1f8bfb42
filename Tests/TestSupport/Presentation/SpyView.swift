import Presentation
import Synchronization

/// A view that remembers every screen it was shown.
public final class SpyView: LiveSearchView {
    private let screens = ScreenLog()

    /// Result rows the screen has room for: the page size each search asks for.
    public let resultRows: Int

    public init(resultRows: Int = 10) {
        self.resultRows = resultRows
    }

    public func show(_ screen: LiveSearchScreen) {
        screens.append(screen)
    }

    public var last: LiveSearchScreen? { screens.all.last }
}

/// Screens in the order they were shown, safe to append from any task.
final class ScreenLog: Sendable {
    private let screens = Mutex<[LiveSearchScreen]>([])

    var all: [LiveSearchScreen] { screens.withLock { $0 } }

    func append(_ screen: LiveSearchScreen) {
        screens.withLock { $0.append(screen) }
    }
}
