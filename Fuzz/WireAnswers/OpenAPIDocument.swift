import Foundation

/// Just enough of `docs/openapi.json` to find each operation's response examples,
/// following `$ref`s to `#/components/responses`.
struct OpenAPIDocument {
    /// The document is not what this reader expects.
    struct Unreadable: Error, CustomStringConvertible {
        let description: String
    }

    let root: [String: Any]

    init(contentsOf file: URL) throws {
        guard let object = try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any] else {
            throw Unreadable(description: "\(file.path) is not a JSON object")
        }
        root = object
    }

    /// Each operation's id and its responses object.
    func operations() throws -> [(id: String, responses: [String: Any])] {
        guard let paths = root["paths"] as? [String: [String: Any]] else { throw Unreadable(description: "no paths") }
        return try paths.values.flatMap { item in
            try item.values.compactMap { $0 as? [String: Any] }.map { operation in
                guard let id = operation["operationId"] as? String, let responses = operation["responses"] as? [String: Any] else {
                    throw Unreadable(description: "an operation without an operationId or responses")
                }
                return (id, responses)
            }
        }
    }

    /// The JSON example of each response that has one, by status.
    func examples(in responses: [String: Any]) throws -> [(status: String, body: Data)] {
        try responses.compactMap { status, value in
            guard let response = resolve(value),
                  let content = response["content"] as? [String: Any],
                  let media = content["application/json"] as? [String: Any],
                  let example = media["example"] else { return nil }
            return (status, try JSONSerialization.data(withJSONObject: example, options: [.fragmentsAllowed]))
        }
    }

    /// Whether `status`, a response's key, is a success: any 2xx, a creation's 201 as
    /// much as a read's 200.
    static func isSuccess(_ status: String) -> Bool {
        status.count == 3 && status.hasPrefix("2") && status.allSatisfy(\.isNumber)
    }

    /// Each operation's success schema, as the `$ref` its 2xx answer names, by operation id.
    func successSchemas() throws -> [String: String] {
        var schemas: [String: String] = [:]
        for (id, responses) in try operations() {
            let success = responses.first { Self.isSuccess($0.key) }?.value
            let media = ((success.flatMap(resolve)?["content"] as? [String: Any])?["application/json"] as? [String: Any])
            if let reference = (media?["schema"] as? [String: Any])?["$ref"] as? String {
                schemas[id] = reference
            }
        }
        return schemas
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
