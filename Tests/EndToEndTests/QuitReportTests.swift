import Foundation
import Testing
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

/// SIGQUIT (Ctrl-\) with Swift's backtracer enabled: the runtime's handler writes its
/// report and returns, and a program that was waiting (here, for the login's answer)
/// would go on as if nothing had happened. The program ends by SIGQUIT after the report.
@Suite("SIGQUIT with the backtracer: a report, then the end", .timeLimit(.minutes(2)))
struct QuitReportTests {
    @Test("SIGQUIT while login waits for the backend: the backtracer's report, then the process ends by SIGQUIT")
    func endsAfterReport() async throws {
        let folder = try TemporaryDirectory()
        let login = try await QuitDuringLogin(program: try CLI.executable(), environment: ChildEnvironment.clean(home: folder.path, [
            "STOREFRONT_DATA_DIR": folder.file("data"),
            "SWIFT_BACKTRACE": "enable=yes,interactive=no,color=no",
        ]))

        #expect(login.report.contains("Backtracing"), "\(login.report)")
        #expect(login.report.contains("Backtrace took"), "the report was cut short: \(login.report)")
        #expect(login.endedBySIGQUIT, "ended with \(login.status), not by SIGQUIT")
    }
}
