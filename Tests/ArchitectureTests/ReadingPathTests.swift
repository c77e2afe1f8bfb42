import Foundation
import Testing

/// The reading path of one search (docs/ARCHITECTURE.md's numbered table, README's
/// list) stays true of the code and short: every symbol it names is in the file it
/// names, the files stay at most 15, and the README lists the same files in order.
@Suite("One search reads in at most 15 files", .timeLimit(.minutes(1)))
struct ReadingPathTests {
    static let root = PackageReader.repositoryRoot

    /// One row of the table: the symbols to search for and the file they live in.
    struct Step {
        let number: String
        let symbols: [String]
        let file: String
    }

    static func steps() throws -> [Step] {
        let text = try String(contentsOf: root.appendingPathComponent("docs/ARCHITECTURE.md"), encoding: .utf8)
        let rows = section(of: text, titled: "## One search, step by step")
            .split(separator: "\n")
            .filter { $0.hasPrefix("| ") && $0.dropFirst(2).first?.isNumber == true }
        return rows.map { row in
            let cells = row.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            let symbols = cells[2].split(separator: "`", omittingEmptySubsequences: false).enumerated().filter { $0.offset % 2 == 1 }.map { String($0.element) }
            return Step(number: cells[0], symbols: symbols, file: cells[3])
        }
    }

    /// The files in the order a reader first opens them.
    static func files(of steps: [Step]) -> [String] {
        var seen: [String] = []
        for step in steps where !seen.contains(step.file) {
            seen.append(step.file)
        }
        return seen
    }

    static func section(of text: String, titled title: String) -> String {
        guard let start = text.range(of: title) else { return "" }
        let rest = text[start.upperBound...]
        let end = rest.range(of: "\n## ")?.lowerBound ?? rest.endIndex
        return String(rest[..<end])
    }

    @Test("each step's symbols are in the file it names")
    func symbolsAreWhereTheTableSays() throws {
        let steps = try Self.steps()
        #expect(steps.count >= 15, "the table was not found or lost its rows")
        for step in steps {
            let url = Self.root.appendingPathComponent(step.file)
            let source = try #require(try? String(contentsOf: url, encoding: .utf8), "step \(step.number): \(step.file) does not exist")
            #expect(!step.symbols.isEmpty, "step \(step.number) names no symbol")
            for symbol in step.symbols {
                // `CachePolicy.Owner` is found as `CachePolicy` and `Owner`, each a whole word.
                for part in symbol.split(separator: ".") {
                    // Simple boundaries: Unicode's would read `StoreErrorMapping.RequestKind` as one word.
                    let word = try Regex("\\b\(part)\\b").wordBoundaryKind(.simple)
                    #expect(source.contains(word), "step \(step.number): \(part) (of \(symbol)) is not in \(step.file)")
                }
            }
        }
    }

    @Test("the search opens at most 15 files")
    func atMostFifteenFiles() throws {
        let files = Self.files(of: try Self.steps())
        #expect(files.count <= 15, "one search now opens \(files.count) files: \(files)")
    }

    @Test("README's reading path lists the table's files, in the table's order")
    func readmeAgrees() throws {
        let readme = try String(contentsOf: Self.root.appendingPathComponent("README.md"), encoding: .utf8)
        let list = Self.section(of: readme, titled: "## Follow one search to the wire and back")
        let named = list.split(separator: "`", omittingEmptySubsequences: false).enumerated()
            .filter { $0.offset % 2 == 1 && $0.element.hasSuffix(".swift") }
            .map { String($0.element) }
        #expect(named == Self.files(of: try Self.steps()))
    }
}
