import Foundation
import Testing

/// The reading path of one search stays true of the code. The lists of every file one
/// search, one login and a sealed search execute are measured (`scripts/reading-path`,
/// which CI runs with `--check`, so the document's copies are the code's); this holds the
/// hand-written parts to them and to the code: docs/ARCHITECTURE.md's numbered table
/// follows the calls (each row's symbol declared in its files and called from an
/// earlier row's), names every file a reader opens (every type it names is declared in
/// one of them), and each of those files is on the measured list or says why not; the
/// sign-in table's symbols are in files the login executes.
///
/// No ceiling: a count the table could meet by folding rows is no measure of the code.
/// The count is what a reader opens, and it shrinks only when the code does.
@Suite("One search's files are measured, and the documents name them", .timeLimit(.minutes(1)))
struct ReadingPathTests {
    /// The table's files a search does not execute, each with why a reader opens it
    /// anyway. Named here, so no other file slips off the path unseen.
    static let readButNotExecuted = [
        "Domain/Repositories/ProductRepository.swift": "a protocol: the Domain's question, with no line to run",
        "Data/Cache/ResponseCache.swift": "a protocol: the cache the store client asks, with no line to run",
        "Presentation/Output/ErrorMessage.swift": "a failure's sentence; the measured search succeeds",
        "Presentation/Output/ErrorCode.swift": "a failure's code in --json; the measured search succeeds",
        "Domain/Entities/ReadPolicy.swift": "an enum of cases: what `--offline` and `--refresh` mean, with no line to run",
        "Data/Network/StoreErrorMapping.swift": "what a failed answer means; the measured search succeeds",
        "Domain/StoreError.swift": "the domain's failures, an enum of cases; the measured search succeeds",
    ]

    static let root = PackageReader.repositoryRoot

    /// One row of the table: its number, the symbols to search for, every file it names
    /// (in any cell, in backticks or not), and every name in backticks.
    struct Step {
        let number: String
        let symbols: [String]
        let files: [String]
        let names: [String]
    }

    static func inBackticks(_ text: some StringProtocol) -> [String] {
        text.split(separator: "`", omittingEmptySubsequences: false).enumerated().filter { $0.offset % 2 == 1 }.map { String($0.element) }
    }

    static func steps() throws -> [Step] {
        let text = try String(contentsOf: root.appendingPathComponent("docs/ARCHITECTURE.md"), encoding: .utf8)
        let rows = section(of: text, titled: "## One search, step by step")
            .split(separator: "\n")
            .filter { $0.hasPrefix("| ") && $0.dropFirst(2).first?.isNumber == true }
        let path = try Regex("[A-Za-z][A-Za-z0-9_+/-]*\\.swift")
        return rows.map { row in
            let cells = row.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            let files = row.matches(of: path).map { String(row[$0.range]) }
            return Step(number: cells[0], symbols: inBackticks(cells[2]), files: files.reduce(into: []) { if !$0.contains($1) { $0.append($1) } }, names: inBackticks(row))
        }
    }

    /// The files in the order a reader first opens them.
    static func files(of steps: [Step]) -> [String] {
        steps.flatMap(\.files).reduce(into: []) { if !$0.contains($1) { $0.append($1) } }
    }

    static func section(of text: String, titled title: String) -> String {
        guard let start = text.range(of: title) else { return "" }
        let rest = text[start.upperBound...]
        let end = rest.range(of: "\n## ")?.lowerBound ?? rest.endIndex
        return String(rest[..<end])
    }

    static func source(_ file: String) -> String {
        (try? String(contentsOf: root.appendingPathComponent(file), encoding: .utf8)) ?? ""
    }

    /// `name` declared (or extended) in `source`; simple word boundaries, since Unicode's
    /// would read `StoreErrorMapping.RequestKind` as one word.
    static func declares(_ source: String, _ name: String) throws -> Bool {
        try source.contains(Regex("(struct|enum|class|actor|protocol|extension|typealias|func|var|let|case)\\s+\(name)\\b").wordBoundaryKind(.simple))
    }

    static func mentions(_ source: String, _ word: String) throws -> Bool {
        try source.contains(Regex("\\b\(word)\\b").wordBoundaryKind(.simple))
    }

    @Test("each step's symbols are declared in the files it names")
    func symbolsAreWhereTheTableSays() throws {
        let steps = try Self.steps()
        #expect(steps.count >= 15, "the table was not found or lost its rows")
        for step in steps {
            #expect(!step.files.isEmpty, "step \(step.number) names no file")
            for file in step.files {
                #expect(!Self.source(file).isEmpty, "step \(step.number): \(file) does not exist")
            }
            #expect(!step.symbols.isEmpty, "step \(step.number) names no symbol")
            let sources = step.files.map(Self.source)
            for symbol in step.symbols {
                // `StoreClient.read`: the type declared (or extended) in one of the files,
                // and its member a whole word there.
                let parts = symbol.split(separator: ".").map(String.init)
                guard let name = parts.first else { continue }
                let holders = try sources.filter { try Self.declares($0, name) }
                #expect(!holders.isEmpty, "step \(step.number): \(name) is not declared in \(step.files)")
                for member in parts.dropFirst() {
                    #expect(try holders.contains { try Self.mentions($0, member) }, "step \(step.number): \(member) (of \(symbol)) is not in \(step.files)")
                }
            }
        }
    }

    @Test("the table follows the calls: each step's symbol is used in a file an earlier step opened")
    func callOrder() throws {
        let steps = try Self.steps()
        for (index, step) in steps.enumerated().dropFirst() {
            guard let symbol = step.symbols.first else { continue }
            // A member is reached as `.read` (on an instance, or through a protocol) or
            // called as `read(` by its own type; a type by its name (made, called, or
            // conformed to). A name shared by several members passes where any is used:
            // the check catches a row put before the file that reaches it, not every
            // misorder.
            let parts = symbol.split(separator: ".").map(String.init)
            let member = parts[parts.count - 1]
            let use = parts.count > 1 ? "\\.\(member)\\b|\\b\(member)\\(" : "\\b\(symbol)\\b"
            let earlier = Self.files(of: Array(steps[..<index]))
            #expect(
                try earlier.contains { try Self.source($0).contains(Regex(use).wordBoundaryKind(.simple)) },
                "step \(step.number): \(symbol) is used in none of the files before it, \(earlier); a row comes after the one that calls it"
            )
        }
    }

    @Test("every type the table names is declared in a file the table opens")
    func namedTypesAreOpened() throws {
        let steps = try Self.steps()
        let opened = Set(Self.files(of: steps))
        let declared = try Self.typeDeclarations()
        for step in steps {
            for name in Set(step.names) {
                guard let type = name.split(separator: ".").first.map(String.init),
                      let declaring = declared[type] else { continue } // Not ours: ArgumentParser's, the standard library's.
                #expect(
                    declaring.contains { opened.contains($0) },
                    "step \(step.number) names \(type), declared in \(declaring.sorted()), which the table does not open: add it to a row's files"
                )
            }
        }
    }

    /// Where each type of the client's layers is declared (not extended): its files, by
    /// their paths from the repository's root.
    static func typeDeclarations() throws -> [String: [String]] {
        let declaration = try Regex("(?:struct|enum|class|actor|protocol|typealias)\\s+([A-Z][A-Za-z0-9]*)")
        var declared: [String: [String]] = [:]
        for folder in ["App", "Presentation", "Styling", "Domain", "Data", "Infrastructure"] {
            let files = FileManager.default.enumerator(atPath: root.appendingPathComponent(folder).path)?.compactMap { $0 as? String } ?? []
            for file in files where file.hasSuffix(".swift") {
                let path = "\(folder)/\(file)"
                let source = Self.source(path)
                for match in source.matches(of: declaration) {
                    if let name = match.output[1].substring { declared[String(name), default: []].append(path) }
                }
            }
        }
        return declared
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
        let opened = Self.files(of: try Self.steps())
        for file in opened where !measured.contains(file) {
            #expect(Self.readButNotExecuted[file] != nil, "the table opens \(file), which one search does not execute")
        }
        for (file, reason) in Self.readButNotExecuted {
            #expect(!measured.contains(file), "\(file) is executed now; it no longer needs its reason (\(reason))")
            #expect(opened.contains(file), "\(file) has a reason to be read, and the table does not open it")
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
}
