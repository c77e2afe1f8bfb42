@testable import Data
import Domain
import Foundation
import TestSupport
import Testing

/// `docs/openapi.json` and the client agree: every example the document gives for an
/// answer decodes with the client's wire type for that operation and maps to the
/// domain, and every error example decodes as the error body. `scripts/check-openapi`
/// checks the other direction: the backend's answers, and the recorded DummyJSON ones,
/// against the document's schemas.
@Suite("The OpenAPI document's examples", .timeLimit(.minutes(1)))
struct OpenAPIExamplesTests {
    /// Each operation's success, decoded and mapped as the client does it.
    static let successDecoders: [String: @Sendable (Data) throws -> Void] = [
        "logIn": { _ = try JSONDecoder().decode(LoginResponseDTO.self, from: $0).user.toDomain() },
        "currentUser": { _ = try JSONDecoder().decode(UserDTO.self, from: $0).toDomain() },
        "refresh": { _ = try JSONDecoder().decode(RefreshResponseDTO.self, from: $0) },
        "searchProducts": { try page($0) },
        "searchProductsPublicly": { try page($0) },
        "categoryProducts": { try page($0) },
        "product": { _ = try JSONDecoder().decode(ProductDTO.self, from: $0).toDomain() },
        "productPublicly": { _ = try JSONDecoder().decode(ProductDTO.self, from: $0).toDomain() },
        "userPosts": { _ = try JSONDecoder().decode(PostPageDTO.self, from: $0).toDomain(for: Paging(page: 1, pageSize: 10)) },
        "listCategories": { _ = try JSONDecoder().decode([CategoryDTO].self, from: $0).map { dto throws(StoreError) in try dto.toDomain() } },
    ]

    static func page(_ data: Data) throws {
        let dto = try JSONDecoder().decode(ProductSearchResponseDTO.self, from: data)
        let query = try SearchQuery(text: "phone", page: 1, pageSize: max(dto.limit, 1))
        _ = try dto.toDomain(for: query.paging)
    }

    @Test("every operation of the document has the client's wire type listed, and every listed one an operation")
    func everyOperationHasADecoder() throws {
        let operations = Set(try OpenAPIDocument.load().operations().map(\.0))
        #expect(operations.count >= 9)
        #expect(operations.subtracting(Self.successDecoders.keys).isEmpty, "no wire type listed for \(operations.subtracting(Self.successDecoders.keys).sorted())")
        #expect(Set(Self.successDecoders.keys).subtracting(operations).isEmpty, "listed for no operation: \(Set(Self.successDecoders.keys).subtracting(operations).sorted())")
    }

    @Test("every operation's 200 example decodes and maps; every error example is a message")
    func examplesDecode() throws {
        let document = try OpenAPIDocument.load()
        var successes = 0
        var errors = 0
        for (operationID, responses) in try document.operations() {
            for (status, example) in try document.examples(in: responses) {
                if status == "200" {
                    let decode = try #require(Self.successDecoders[operationID], "no wire type listed for \(operationID)")
                    #expect(throws: Never.self, "\(operationID) 200") { try decode(example) }
                    successes += 1
                } else {
                    #expect(throws: Never.self, "\(operationID) \(status)") { _ = try JSONDecoder().decode(ErrorBodyDTO.self, from: example) }
                    errors += 1
                }
            }
        }
        // Every operation has a success example, and the error responses have theirs.
        #expect(successes == Self.successDecoders.count)
        #expect(errors >= 10)
    }
}

/// Just enough of `docs/openapi.json` to find each operation's response examples,
/// following `$ref`s to `#/components/responses`.
struct OpenAPIDocument {
    let root: [String: Any]

    static func load() throws -> OpenAPIDocument {
        let url = RepositoryFolder.root.appendingPathComponent("docs/openapi.json")
        let object = try JSONSerialization.jsonObject(with: Data(contentsOf: url))
        return OpenAPIDocument(root: try #require(object as? [String: Any]))
    }

    /// Each operation's id and its responses object.
    func operations() throws -> [(String, [String: Any])] {
        let paths = try #require(root["paths"] as? [String: [String: Any]])
        return try paths.values.flatMap { item in
            try item.values.compactMap { $0 as? [String: Any] }.map { operation in
                (try #require(operation["operationId"] as? String), try #require(operation["responses"] as? [String: Any]))
            }
        }
    }

    /// The JSON example of each response that has one, by status.
    func examples(in responses: [String: Any]) throws -> [(String, Data)] {
        try responses.compactMap { status, value in
            guard let response = resolve(value),
                  let content = response["content"] as? [String: Any],
                  let media = content["application/json"] as? [String: Any],
                  let example = media["example"] else { return nil }
            return (status, try JSONSerialization.data(withJSONObject: example, options: [.fragmentsAllowed]))
        }
    }

    private func resolve(_ value: Any) -> [String: Any]? {
        guard let object = value as? [String: Any] else { return nil }
        guard let reference = object["$ref"] as? String else { return object }
        var node: Any = root
        for part in reference.dropFirst(2).split(separator: "/") {
            guard let next = (node as? [String: Any])?[String(part)] else { return nil }
            node = next
        }
        return node as? [String: Any]
    }
}
