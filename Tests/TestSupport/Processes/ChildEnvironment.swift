import Foundation

/// The whole environment a test gives a child process. Nothing of the test runner's own
/// reaches the child (its `HOME`, `XDG_*`, `STOREFRONT_*`, `NO_COLOR`, `TERM`, proxies),
/// so what the child does depends only on what the test says, on any machine. Only
/// `PATH` is passed on, so the child finds the same tools (`swift`, `openssl`), and the
/// settings of the runner's instrumentation (scripts/sanitize), so a child built with it
/// reports with the same suppressions and writes its coverage where the runner's goes.
public enum ChildEnvironment {
    /// - Parameters:
    ///   - home: the child's `HOME`, a folder the test owns (never the runner's).
    ///   - extra: variables the test sets on purpose.
    public static func clean(home: String, _ extra: [String: String] = [:]) -> [String: String] {
        let runner = ProcessInfo.processInfo.environment
        var base = [
            "PATH": runner["PATH"] ?? "/usr/bin:/bin",
            "HOME": home,
            "LANG": "C.UTF-8",
        ]
        for name in ["ASAN_OPTIONS", "LSAN_OPTIONS", "TSAN_OPTIONS", "LLVM_PROFILE_FILE"] { base[name] = runner[name] }
        return base.merging(extra) { _, set in set }
    }
}
