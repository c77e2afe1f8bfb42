import Logging

extension Logger {
    /// A logger that drops everything, for callers that do not want the `--verbose` lines.
    public static var silent: Logger {
        Logger(label: "storefront.silent") { _ in SwiftLogNoOpLogHandler() }
    }
}
