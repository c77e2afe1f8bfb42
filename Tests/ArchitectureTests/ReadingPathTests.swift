import Foundation
import Testing

/// The reading path of one search stays true of the code. The lists of every file one
/// search, one login and a sealed search execute are measured (`scripts/reading-path`,
/// which CI runs with `--check`, so the document's copies are the code's); this holds the
/// hand-written parts to them: docs/ARCHITECTURE.md's numbered table names symbols
/// declared in the files it names, opens at most twelve files with at most fourteen
/// moves between them, every one of those files is on the measured list (but the one
/// protocol named below), the sign-in table's symbols are in files the login executes,
/// and README lists the table's files in order.
///
/// The measured list has no ceiling. It once had one, and merges made to pass it left
/// files of mixed purpose; a reader meets the table's files, not the count of every
/// file a search touches, so the limits are on the table.
@Suite("One search's files are measured, and the documents name them", .timeLimit(.minutes(1)))
struct ReadingPathTests {
    /// The table's files a search does not execute, each with why a reader opens it
    /// anyway. Named here, so no other file slips off the path unseen.
    static let readButNotExecuted = [
        "Domain/Repositories/ProductRepository.swift": "a protocol: the Domain's question, with no line to run",
    ]

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

    /// How far a reader's path may run: files to open, and moves from one to another.
    static let mostFiles = 12
    static let mostMoves = 14

    @Test("each step's symbols are declared in the file it names")
    func symbolsAreWhereTheTableSays() throws {
        let steps = try Self.steps()
        #expect(steps.count >= 15, "the table was not found or lost its rows")
        for step in steps {
            let url = Self.root.appendingPathComponent(step.file)
            let source = try #require(try? String(contentsOf: url, encoding: .utf8), "step \(step.number): \(step.file) does not exist")
            #expect(!step.symbols.isEmpty, "step \(step.number) names no symbol")
            for symbol in step.symbols {
                // `StoreClient.read`: the type declared (or extended) in the file, and its
                // member a whole word of it; a lone name, declared there.
                let parts = symbol.split(separator: ".").map(String.init)
                guard let name = parts.first else { continue }
                // Simple boundaries: Unicode's would read `StoreErrorMapping.RequestKind` as one word.
                let declared = try Regex("(struct|enum|class|actor|protocol|extension|func|var|let|case)\\s+\(name)\\b").wordBoundaryKind(.simple)
                #expect(source.contains(declared), "step \(step.number): \(name) is not declared in \(step.file)")
                for member in parts.dropFirst() {
                    let word = try Regex("\\b\(member)\\b").wordBoundaryKind(.simple)
                    #expect(source.contains(word), "step \(step.number): \(member) (of \(symbol)) is not in \(step.file)")
                }
            }
        }
    }

    @Test("the path stays short: at most 12 files to open and 14 moves between them")
    func pathIsShort() throws {
        let steps = try Self.steps()
        let files = Self.files(of: steps)
        let moves = zip(steps, steps.dropFirst()).filter { $0.file != $1.file }.count
        #expect(files.count <= Self.mostFiles, "the table opens \(files.count) files: \(files)")
        #expect(moves <= Self.mostMoves, "the table moves between files \(moves) times")
    }

    /// The measured list between `<!-- marker:begin -->` and `<!-- marker:end -->` in
    /// `text`: its file paths.
    static func measuredFiles(in text: String, marker: String = "reading-path") -> [String] {
        guard let start = text.range(of: "<!-- \(marker):begin -->"),
              let end = text.range(of: "<!-- \(marker):end -->", range: start.upperBound..<text.endIndex) else { return [] }
        return text[start.upperBound..<end.lowerBound].split(separator: "\n")
            .compactMap { $0.split(separator: " ").last.map(String.init) }
            .filter { $0.hasSuffix(".swift") }
    }

    static func document(_ path: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
    }

    @Test("the measured search's files each exist, and the table's files are among them")
    func measuredList() throws {
        let measured = Self.measuredFiles(in: try Self.document("docs/ARCHITECTURE.md"))
        #expect(measured.count >= 15, "the measured list was not found: run scripts/reading-path --write")
        for file in measured {
            #expect(FileManager.default.fileExists(atPath: Self.root.appendingPathComponent(file).path), "\(file) is listed but does not exist")
        }
        for step in try Self.steps() where !measured.contains(step.file) {
            #expect(
                Self.readButNotExecuted[step.file] != nil,
                "step \(step.number) names \(step.file), which one search does not execute"
            )
        }
        for (file, reason) in Self.readButNotExecuted {
            #expect(!measured.contains(file), "\(file) is executed now; it no longer needs its reason (\(reason))")
            let source = (try? Self.document(file)) ?? ""
            #expect(source.contains("public protocol "), "\(file) is said to be a protocol and is not one")
        }
    }

    /// Sign-in steps the measured login (a right password, on standard input) does not
    /// run, each with why the table names it anyway.
    static let signInSymbolsNotExecuted = [
        "PasswordPrompt": "the hidden prompt; the measured login reads standard input",
        "StoreErrorMapping": "a refused login; the measured one is accepted",
    ]

    @Test("the sign-in table's symbols are declared in files the measured login executes, and sealing's list is there")
    func loginList() throws {
        let text = try Self.document("docs/ARCHITECTURE.md")
        let login = Self.measuredFiles(in: text, marker: "reading-path-login")
        #expect(login.count >= 15, "the measured login list was not found: run scripts/reading-path --write")
        let sealed = Self.measuredFiles(in: text, marker: "reading-path-sealed")
        #expect(sealed.contains("Data/Network/Interceptors/ObliviousHTTPInterceptor.swift"), "the sealed search's list was not found")
        let rows = Self.section(of: text, titled: "## Signing in, step by step").split(separator: "\n")
            .filter { $0.hasPrefix("| ") && $0.dropFirst(2).first?.isNumber == true }
        #expect(rows.count >= 5, "the sign-in table was not found")
        let sources = try login.map { try Self.document($0) }
        for row in rows {
            let cells = row.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            let symbols = cells.last?.split(separator: "`", omittingEmptySubsequences: false).enumerated()
                .filter { $0.offset % 2 == 1 }.map { String($0.element) } ?? []
            for symbol in symbols where Self.signInSymbolsNotExecuted[symbol] == nil {
                let type = symbol.split(separator: ".").first.map(String.init) ?? symbol
                let word = try Regex("(struct|enum|class|actor|protocol|extension)\\s+\(type)\\b")
                #expect(sources.contains { $0.contains(word) }, "step \(cells[0]) of signing in names \(symbol), in no file the login executes")
            }
        }
    }

    @Test("README's reading path lists the table's files, in the table's order")
    func readmeAgrees() throws {
        let readme = try Self.document("README.md")
        let section = Self.section(of: readme, titled: "## Follow one search to the wire and back")
        let list = section.components(separatedBy: "<!-- reading-path:begin -->").first ?? ""
        let named = list.split(separator: "`", omittingEmptySubsequences: false).enumerated()
            .filter { $0.offset % 2 == 1 && $0.element.hasSuffix(".swift") }
            .map { String($0.element) }
        #expect(named == Self.files(of: try Self.steps()))
    }
}
