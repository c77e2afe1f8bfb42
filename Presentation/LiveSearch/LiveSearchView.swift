/// Where the interactive presenter draws; the App implements it for the terminal.
public protocol LiveSearchView: Sendable {
    func show(_ screen: LiveSearchScreen)
    /// How many result rows fit on the screen now: each search asks for a page this
    /// size, so the results fill the terminal, whatever its height after a resize.
    var resultRows: Int { get }
}
