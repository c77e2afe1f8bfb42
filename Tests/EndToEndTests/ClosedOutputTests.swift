import Foundation
import TestSupport
import Testing

/// The process's own standard streams, as a script or a closed terminal leaves them.
@Suite("storefront with its output closed", .timeLimit(.minutes(5)))
struct ClosedOutputTests {
    @Test("a command whose standard output is closed still finishes, without a crash")
    func closedStandardOutput() async throws {
        let cli = try CLI(backend: nil, key: nil)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        // `>&-` closes descriptor 1 before storefront starts, as `storefront logout >&-` would.
        process.arguments = ["-c", #"exec "$0" logout >&-"#, try CLI.executable().path]
        process.environment = cli.environment
        process.standardError = FileHandle.nullDevice

        let status = try await process.runUntilExit()

        #expect(status == 0)
    }
}
