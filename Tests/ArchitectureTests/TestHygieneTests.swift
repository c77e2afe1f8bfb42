import Foundation
import Testing

/// Rules every test file keeps, read from the sources so a new file cannot forget
/// them: each suite is bounded in time (a regression fails the run instead of hanging
/// it), each child process a test starts is handed its whole environment, and nothing
/// a test started is stopped from a task that may outlive it.
@Suite("Test hygiene: time limits, clean child environments, owned teardown", .timeLimit(.minutes(1)))
struct TestHygieneTests {
    /// Every Swift file under Tests/, with its text.
    static func testSources() throws -> [(path: String, text: String)] {
        let tests = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        guard let walker = FileManager.default.enumerator(at: tests, includingPropertiesForKeys: nil) else { return [] }
        var sources: [(String, String)] = []
        for case let file as URL in walker where file.pathExtension == "swift" {
            sources.append((String(file.path.dropFirst(tests.path.count + 1)), try String(contentsOf: file, encoding: .utf8)))
        }
        return sources.sorted { $0.0 < $1.0 }
    }

    /// The text of each suite attribute, from its opening parenthesis to the one that closes it.
    static func suiteAttributes(in text: String) -> [String] {
        var attributes: [String] = []
        var rest = text[...]
        while let start = rest.range(of: "@" + "Suite(") {
            var depth = 0
            var end = start.upperBound
            for index in rest[start.lowerBound...].indices {
                if rest[index] == "(" { depth += 1 }
                if rest[index] == ")" {
                    depth -= 1
                    if depth == 0 {
                        end = rest.index(after: index)
                        break
                    }
                }
            }
            attributes.append(String(rest[start.lowerBound..<end]))
            rest = rest[end...]
        }
        return attributes
    }

    static func occurrences(of needle: String, in text: String) -> Int {
        text.components(separatedBy: needle).count - 1
    }

    @Test("the sources were found: this check reads more than itself")
    func sourcesFound() throws {
        let sources = try Self.testSources()
        #expect(sources.count > 50)
        #expect(sources.contains { $0.path == "ArchitectureTests/TestHygieneTests.swift" })
    }

    @Test("every suite has a time limit, and every file of tests has a suite")
    func everySuiteIsBounded() throws {
        var unbounded: [String] = []
        for (path, text) in try Self.testSources() {
            let suites = Self.suiteAttributes(in: text)
            if text.contains("@" + "Test"), suites.isEmpty {
                unbounded.append("\(path): tests outside any @Suite")
            }
            for suite in suites where !suite.contains(".timeLimit(") {
                unbounded.append("\(path): \(suite.prefix(80))")
            }
        }
        #expect(unbounded.isEmpty, "\(unbounded)")
    }

    @Test("every child process is handed its whole environment")
    func everyChildHasItsEnvironment() throws {
        var inheriting: [String] = []
        for (path, text) in try Self.testSources() {
            let made = Self.occurrences(of: "Process" + "()", in: text)
            let given = Self.occurrences(of: ".environment" + " = ", in: text)
            if made > given {
                inheriting.append("\(path): \(made) processes, \(given) environments set")
            }
        }
        #expect(inheriting.isEmpty, "\(inheriting)")
    }

    @Test("no teardown is left to a task that may run after the test returned, or never")
    func teardownInTheTestsFlow() throws {
        var detached: [String] = []
        for (path, text) in try Self.testSources() where Self.occurrences(of: "defer { " + "Task {", in: text) > 0 {
            detached.append(path)
        }
        #expect(detached.isEmpty, "stop it with an await in the test's flow, or a scope such as .stopsItsBackends: \(detached)")
    }

    @Test("the attribute reader finds a multi-line suite and its traits")
    func readerWorks() {
        let text = """
            @\("Suite")(
                "Name (with parentheses)",
                .serialized
            )
            struct A {}
            @\("Suite")("B", .timeLimit(.minutes(1))) struct B {}
            """
        let suites = Self.suiteAttributes(in: text)
        #expect(suites.count == 2)
        #expect(suites.first?.hasSuffix(".serialized\n)") == true)
        #expect(suites.last?.contains(".timeLimit(") == true)
    }
}
