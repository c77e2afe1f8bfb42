import CProcessControl
import Presentation

/// No core file for either program: both hold a payload key, and the client a password
/// and tokens too, which a crash must not leave on disk.
public enum CoreDumps {
    /// Called first in `main`, before a secret is read; says so on standard error when
    /// the process could not be protected. Needed again after an `execv`, which resets
    /// the kernel's dumpable flag (the core size limit is inherited).
    public static func forbid(program: String) {
        if storefront_forbid_core_dumps() != 0 {
            TerminalOutput().printDiagnostic(StyledText("\(program): warning:", style: .warning) + " core dumps could not be disabled; a crash could write secrets to disk.")
        }
    }
}
