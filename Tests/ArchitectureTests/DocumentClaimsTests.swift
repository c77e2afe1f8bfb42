import Foundation
import Testing

/// The mechanical claims of README.md and docs/: every path a document names in code
/// style exists, and every type it names (`StoreClient`, `StoreClient.read`) is declared
/// in our sources, with the member when one is named. A renamed file or type fails here
/// rather than leaving a reader to find the document wrong.
@Suite("What the documents name exists", .timeLimit(.minutes(1)))
struct DocumentClaimsTests {
    static let root = PackageReader.repositoryRoot
    /// README.md and every Markdown document in docs/.
    static let documents = ["README.md"] + ((try? FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("docs").path)) ?? [])
        .filter { $0.hasSuffix(".md") }.sorted().map { "docs/" + $0 }

    /// Names the documents use that are not declared in our sources: the libraries'
    /// types, the targets (folders), and the tools.
    static let elsewhere: Set<String> = [
        // swift-http-types, swift-openapi-runtime, AsyncHTTPClient, SwiftNIO, Foundation.
        "HTTPRequest", "HTTPResponse", "HTTPFields", "ClientTransport", "ClientMiddleware",
        "HTTPClient", "URLSession", "URLSessionTask", "MultiThreadedEventLoopGroup", "HTTPClientResponse",
        "HTTPRequestStateMachine", "Task", "CancellationError", "JSONDecoder", "JSONEncoder", "Date", "Duration",
        "ContinuousClock", "Logger", "LogHandler", "ParsableCommand", "AsyncParsableCommand", "Mutex",
        "FileManager", "ProcessInfo", "String", "Double", "Int", "Sendable", "Codable", "Decodable", "DateFormatter",
        "Package", // PackageDescription's, in Package.swift
        "URLSessionDelegate", "NIOLockedValueBox", "NIOConcurrencyHelpers", "Process",
        "Location", "Allow", "Authorization", "ETag", // HTTP headers
        // Targets and layers, which are folders, not types.
        "Domain", "Data", "Infrastructure", "Presentation", "Styling", "App", "Backend", "HTTPClientAdapter",
        "URLSessionAdapter", "CLibCrypto", "CSystemCalls", "CProcessControl", "TestSupport",
        "ClientBenchmark", "BackendBenchmark", "CryptoBenchmark", "SearchBenchmark", "AppShared", "Server", "FuzzSupport", "FuzzCacheHeaders", "FuzzWireAnswers",
        "FuzzDecapsulation", "FuzzBinaryHTTP", "FuzzSessionFile", "FuzzCacheEntry", "FuzzTerminalKeys",
        "SystemPackage", "FilePath", "FoundationEssentials", // swift-system's module and its type; Foundation's core
        "Thread", "Bundle", "NSString", // Foundation's, outside FoundationEssentials
        "Mirror", "Error", "NIOAny", // the standard library's reflection and error protocol; SwiftNIO's
    ]

    /// Every span in backticks, with the document it came from.
    static func codeSpans() throws -> [(document: String, span: String)] {
        var spans: [(String, String)] = []
        for document in documents {
            let text = try String(contentsOf: root.appendingPathComponent(document), encoding: .utf8)
            var inFence = false
            for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
                if line.hasPrefix("```") { inFence.toggle(); continue }
                guard !inFence else { continue }
                let parts = line.split(separator: "`", omittingEmptySubsequences: false)
                for (index, part) in parts.enumerated() where index % 2 == 1 {
                    spans.append((document, String(part)))
                }
            }
        }
        return spans
    }

    /// Our Swift sources, production and tests: each file's name, text, and whether it
    /// is a test's.
    static func sources() throws -> [(name: String, text: String, isTest: Bool)] {
        let folders = sourceFolders + ["Tests"]
        var files: [(String, String, Bool)] = []
        for folder in folders {
            let base = root.appendingPathComponent(folder)
            guard let walker = FileManager.default.enumerator(at: base, includingPropertiesForKeys: nil) else { continue }
            for case let url as URL in walker where url.pathExtension == "swift" {
                files.append((url.lastPathComponent, try String(contentsOf: url, encoding: .utf8), folder == "Tests"))
            }
        }
        return files
    }

    /// The top-level folders our targets live in, read off the layer rules, so a new
    /// layer's folder is scanned without a second list to extend.
    static let sourceFolders = Set(LayerRule.storefront.compactMap { $0.folder.split(separator: "/").first.map(String.init) }).sorted()

    static let pathPrefixes = (sourceFolders + ["Tests", "docs", "scripts", ".ci"]).map { $0 + "/" }

    /// A name in code style that may be a type: a capital first, a lower-case letter
    /// somewhere (so `X25519PublicKey`, `HTTPTransport` and `URLSessionTransport` are read,
    /// `HTTP` and `GET` are not), and optionally a member after a dot.
    static var symbol: Regex<(Substring, Substring, Substring?)> { /^([A-Z][A-Za-z0-9]*[a-z][A-Za-z0-9]*)(?:\.([a-z][A-Za-z0-9]*))?$/ }

    /// The files that declare `type`, where its members are. Production code first: a
    /// test's `extension StoreClient { func … }` must not make a claim about the client
    /// true. Only a type no production file declares (a test double, a suite) is looked
    /// for in the tests, and there only where it is declared, never where it is extended.
    ///
    /// Each file's declarations are read once, into an index by name: a scan of every
    /// source for each name the documents use held a thread for 10 s (and past its time
    /// limit on a loaded machine).
    struct Declarations {
        private let files: [(name: String, text: String, isTest: Bool)]
        private var production: [String: [Int]] = [:]
        private var tests: [String: [Int]] = [:]

        init(_ files: [(name: String, text: String, isTest: Bool)]) throws {
            self.files = files
            // `extension Outer.Inner` declares members of both names for this purpose,
            // as `(\w+\.)?Name\b` would have found either.
            let declaration = try NSRegularExpression(pattern: #"(struct|enum|class|actor|protocol|typealias|extension)\s+(\w+)(?:\.(\w+))?"#)
            for (index, file) in files.enumerated() {
                let text = file.text as NSString
                for match in declaration.matches(in: file.text, range: NSRange(location: 0, length: text.length)) {
                    let keyword = text.substring(with: match.range(at: 1))
                    let names = [2, 3].map { match.range(at: $0) }.filter { $0.location != NSNotFound }.map { text.substring(with: $0) }
                    if !file.isTest {
                        for name in names { production[name, default: []].append(index) }
                    } else if keyword != "extension", let name = names.first {
                        tests[name, default: []].append(index)
                    }
                }
            }
        }

        func declaringFiles(of type: String) -> [String] {
            let found = production[type] ?? tests[type] ?? []
            return Set(found).sorted().map { files[$0].text }
        }
    }

    @Test("every path named in code style exists")
    func pathsExist() throws {
        let paths = try Self.codeSpans().filter { entry in
            Self.pathPrefixes.contains { entry.span.hasPrefix($0) } && !entry.span.contains(where: { " *<".contains($0) })
        }
        #expect(paths.count >= 20, "the documents name fewer paths than they did; was the search broken?")
        for (document, path) in paths {
            let bare = path.split(separator: ":").first.map(String.init) ?? path
            #expect(FileManager.default.fileExists(atPath: Self.root.appendingPathComponent(bare).path), "\(document) names \(path), which does not exist")
        }
    }

    @Test("every type named in code style is declared, with the member named after it")
    func symbolsExist() throws {
        let files = try Self.sources()
        let fileNames = Set(files.map(\.name))
        let spans = try Self.codeSpans().compactMap { entry -> (document: String, type: String, member: String?)? in
            guard let match = entry.span.wholeMatch(of: Self.symbol) else { return nil }
            return (entry.document, String(match.1), match.2.map(String.init))
        }
        #expect(spans.count >= 50, "the documents name fewer types than they did; was the search broken?")
        let declarations = try Declarations(files)
        for (document, type, member) in spans where !Self.elsewhere.contains(type) {
            if member == "swift" {
                #expect(fileNames.contains("\(type).swift"), "\(document) names \(type).swift, which no folder holds")
                continue
            }
            // The files that declare or extend the type: its members are there.
            let declaring = declarations.declaringFiles(of: type)
            #expect(!declaring.isEmpty, "\(document) names `\(type)`, which no source declares")
            guard !declaring.isEmpty, let member else { continue }
            let memberDeclared = declaring.contains {
                $0.contains(pattern: #"(func|var|let|case|init)\s+\#(member)\b|static (func|var|let)\s+\#(member)\b"#)
            }
            #expect(memberDeclared, "\(document) names `\(type).\(member)`, which no file declaring \(type) has")
        }
    }
}

extension DocumentClaimsTests {
    /// A worked example shown in a document is a test that runs: the code block after
    /// `<!-- worked example: PATH -->` must appear, line for line, in that file.
    @Test("every worked example in the documents is a running test's own code")
    func workedExamples() throws {
        var examples = 0
        for document in Self.documents {
            let lines = try String(contentsOf: Self.root.appendingPathComponent(document), encoding: .utf8)
                .split(separator: "\n", omittingEmptySubsequences: false)
            for (index, line) in lines.enumerated() {
                guard let path = line.wholeMatch(of: /<!-- worked example: (\S+) -->/)?.1 else { continue }
                let block = lines[(index + 2)...].prefix { !$0.hasPrefix("```") }.joined(separator: "\n")
                let source = try String(contentsOf: Self.root.appendingPathComponent(String(path)), encoding: .utf8)
                #expect(!block.isEmpty && source.contains(block), "\(document): the example from \(path) is not in it as shown")
                examples += 1
            }
        }
        #expect(examples >= 1, "no worked example found; was the marker renamed?")
    }
}

private extension String {
    func contains(pattern: String) -> Bool {
        range(of: pattern, options: .regularExpression) != nil
    }
}
