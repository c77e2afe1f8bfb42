import Foundation
import Presentation
import TestSupport
import Testing

/// docs/CLI.md's exit statuses table, held to `ErrorCode`: every code the program prints
/// is in the row of its status, so a new code fails here until the table names it.
@Suite("Every error code is in CLI.md's exit statuses table", .timeLimit(.minutes(1)))
struct ErrorCodeTableTests {
    @Test("each code is in the row of its exit status", arguments: ErrorCode.allCases)
    func codeInItsRow(code: ErrorCode) throws {
        let manual = try String(contentsOf: RepositoryFolder.root.appendingPathComponent("docs/CLI.md"), encoding: .utf8)
        let table = manual.components(separatedBy: "\n## Exit statuses\n").dropFirst().first?
            .components(separatedBy: "\n## ").first?.split(separator: "\n") ?? []
        #expect(table.count > 10, "docs/CLI.md has no exit statuses table")
        // A row's first cell may name more than one status: `| 130, 143 |`.
        let row = table.first { $0.split(separator: "|").first?.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.contains("\(code.exitStatus.rawValue)") == true }
        #expect(row?.contains("`\(code.rawValue)`") == true, "docs/CLI.md's exit statuses table has no `\(code.rawValue)` in the row of \(code.exitStatus.rawValue)")
    }
}
