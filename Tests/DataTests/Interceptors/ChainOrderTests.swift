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
        case is PayloadSealingInterceptor: "payload sealing"
        default: String(describing: type(of: interceptor))
        }
    }

    static let repositoryRoot = RepositoryFolder.root

    /// Every "auth → … → …" run in README.md and docs/*.md, up to the punctuation
    /// that ends it, as its steps (the adapter at the end left out), with its file.
    static func statedOrders() throws -> [(file: String, order: [String])] {
        let docs = try FileManager.default.contentsOfDirectory(atPath: repositoryRoot.appendingPathComponent("docs").path)
            .filter { $0.hasSuffix(".md") }.map { "docs/" + $0 }
        var found: [(String, [String])] = []
        for file in ["README.md"] + docs {
            let text = try String(contentsOf: repositoryRoot.appendingPathComponent(file), encoding: .utf8)
                .split(whereSeparator: \.isWhitespace).joined(separator: " ")
            var rest = text[...]
            while let start = rest.range(of: "auth →") {
                let run = rest[start.lowerBound...].prefix { !".,;:)|`(".contains($0) }
                let order = run.components(separatedBy: "→").map { $0.trimmingCharacters(in: .whitespaces) }
                found.append((file, order.filter { $0 != "adapter" }))
                rest = rest[start.upperBound...]
            }
        }
        return found
    }

    @Test("every order stated in README.md and docs/ is the chain storeChain builds")
    func documentsMatchTheChain() throws {
        let chain = InterceptedTransport.storeChain(
            adapter: SpyTransport(always: StubResponse(status: 200)), sessions: FakeSessionStore(nil),
            payloadKey: try PayloadKey.fresh(), logger: .silent, basePath: "/api"
        )
        let built = chain.interceptors.map(Self.word(for:))

        let stated = try Self.statedOrders()

        #expect(built.count == 4 && !built.contains { $0.hasSuffix("Interceptor") }, "an interceptor the documents have no word for: \(built)")
        #expect(stated.count >= 3, "the documents' statements were not found: \(stated)")
        for (file, order) in stated {
            #expect(order == built, "\(file) says \(order.joined(separator: " → "))")
        }
    }
}
