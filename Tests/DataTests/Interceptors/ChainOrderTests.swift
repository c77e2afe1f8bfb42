@testable import Data
import Foundation
import Infrastructure
import TestSupport
import Testing

/// README and docs/ state the interceptor order in words; this reads every such
/// statement and holds it to the chain `storeChain` really builds.
@Suite("The documented interceptor order is the chain's", .timeLimit(.minutes(1)))
struct ChainOrderTests {
    /// What the documents call each interceptor.
    static func word(for interceptor: any HTTPInterceptor) -> String {
        switch interceptor {
        case is AuthInterceptor: "auth"
        case is RetryInterceptor: "retry"
        case is BasePathInterceptor: "base path"
        case is ObliviousHTTPInterceptor: "Oblivious HTTP"
        default: String(describing: type(of: interceptor))
        }
    }

    static let repositoryRoot = RepositoryFolder.root

    /// Every run of arrows in README.md and docs/*.md that names an interceptor
    /// (`retry → base path` as much as `auth → retry → …`), as its steps, with its file.
    /// A run ends at punctuation; its first and last steps are read as the interceptor
    /// words (or `adapter`) they end or start with, so "the order: auth → …" reads `auth`.
    static func statedOrders(words: Set<String>) throws -> [(file: String, order: [String])] {
        let docs = try FileManager.default.contentsOfDirectory(atPath: repositoryRoot.appendingPathComponent("docs").path)
            .filter { $0.hasSuffix(".md") }.map { "docs/" + $0 }
        var found: [(String, [String])] = []
        for file in ["README.md"] + docs {
            let text = try String(contentsOf: repositoryRoot.appendingPathComponent(file), encoding: .utf8)
                .split(whereSeparator: \.isWhitespace).joined(separator: " ")
            for segment in text.split(whereSeparator: { ".,;:)|`(\"*".contains($0) }) where segment.contains("→") {
                var steps = segment.components(separatedBy: "→").map { $0.trimmingCharacters(in: .whitespaces) }
                if let first = steps.first { steps[0] = known(suffixOf: first, in: words) ?? first }
                if let last = steps.last { steps[steps.count - 1] = known(prefixOf: last, in: words) ?? last }
                if steps.contains(where: { words.contains($0) && $0 != "adapter" }) {
                    found.append((file, steps))
                }
            }
        }
        return found
    }

    /// The longest run of whole words at the end of `phrase` that is one of `words`.
    private static func known(suffixOf phrase: String, in words: Set<String>) -> String? {
        let parts = phrase.split(separator: " ")
        return (0..<parts.count).lazy.map { parts[$0...].joined(separator: " ") }.first(where: words.contains)
    }

    /// The longest run of whole words at the start of `phrase` that is one of `words`.
    private static func known(prefixOf phrase: String, in words: Set<String>) -> String? {
        let parts = phrase.split(separator: " ")
        return (0..<parts.count).reversed().lazy.map { parts[...$0].joined(separator: " ") }.first(where: words.contains)
    }

    /// Whether `part` appears in `whole` as consecutive elements.
    static func isRun(_ part: [String], of whole: [String]) -> Bool {
        guard part.count <= whole.count else { return false }
        return (0...(whole.count - part.count)).contains { Array(whole[$0..<($0 + part.count)]) == part }
    }

    @Test("every order stated in README.md and docs/, whatever interceptor it starts with, is a run of the chain storeChain builds")
    func documentsMatchTheChain() throws {
        let chain = InterceptedTransport.storeChain(
            adapter: SpyTransport(always: StubResponse(status: 200)), sessions: FakeSessionStore(nil),
            oblivious: try GatewayStub().interceptor(), logger: .silent, basePath: "/api"
        )
        let built = chain.interceptors.map(Self.word(for:))
        let stated = try Self.statedOrders(words: Set(built + ["adapter"]))

        #expect(built.count == 4 && !built.contains { $0.hasSuffix("Interceptor") }, "an interceptor the documents have no word for: \(built)")
        #expect(stated.count >= 4, "the documents' statements were not found: \(stated)")
        #expect(stated.contains { $0.order.first != "auth" }, "no statement that starts past auth was read: \(stated)")
        for (file, order) in stated {
            #expect(Self.isRun(order, of: built + ["adapter"]), "\(file) says \(order.joined(separator: " → "))")
        }
    }
}
