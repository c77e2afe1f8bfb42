/// Where the interactive presenter draws; the App implements it for the terminal.
public protocol LiveSearchView: Sendable {
    func show(_ screen: LiveSearchScreen)
}
