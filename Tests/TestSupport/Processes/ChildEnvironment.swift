import Foundation

/// The whole environment a test gives a child process. Nothing of the test runner's own
/// reaches the child (its `HOME`, `XDG_*`, `STOREFRONT_*`, `NO_COLOR`, `TERM`, proxies),
/// so what the child does depends only on what the test says, on any machine. Only
/// `PATH` is passed on, so the child finds the same tools (`swift`, `openssl`).
public enum ChildEnvironment {
    /// - Parameters:
    ///   - home: the child's `HOME`, a folder the test owns (never the runner's).
    ///   - extra: variables the test sets on purpose.
    public static func clean(home: String, _ extra: [String: String] = [:]) -> [String: String] {
        let base = [
            "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin",
            "HOME": home,
            "LANG": "C.UTF-8",
        ]
        return base.merging(extra) { _, set in set }
    }
}
