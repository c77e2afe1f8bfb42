import Domain
import Foundation

/// The inputs the wire fuzzer starts from, made from what the project already holds
/// rather than kept by hand: every example of `docs/openapi.json` and every recorded
/// answer in `Tests/Recorded/dummyjson/`, each behind its answer's name. A recording
/// is named after the operation it answers (`searchProducts.phone.json`: the
/// `operationId`, then whatever tells two apart).
enum WireAnswerSeeds {
    /// One answer's body, behind the name that selects its answer.
    struct Seed {
        let name: String
        let answer: WireAnswer
        let body: [UInt8]
        /// The page a seed of a paged answer asks for: the one its body says it is.
        let paging: Paging

        /// The fuzz input: the answer's name and a line feed, the page asked for (the
        /// first page of ten when the body's cannot be asked for in one byte), then the body.
        var input: [UInt8] {
            Array(answer.name.utf8) + [WireAnswersCheck.separator, WireAnswersCheck.pagingByte(for: paging) ?? 9 << 2] + body
        }
    }

    static let recordings = "Tests/Recorded/dummyjson"

    /// The operation a recording answers, read from its name.
    static func operation(ofRecording name: String) -> String {
        String(name.prefix { $0 != "." })
    }

    /// Every example and recording under `root` (the repository), as seeds.
    static func all(in root: URL) throws -> [Seed] {
        var seeds: [Seed] = []
        let document = try OpenAPIDocument(contentsOf: root.appendingPathComponent("docs/openapi.json"))
        let schemas = try document.successSchemas()
        for (operation, responses) in try document.operations() {
            for (status, body) in try document.examples(in: responses) {
                guard let answer = OpenAPIDocument.isSuccess(status) ? answer(to: operation, schemas: schemas) : .errorBody else { continue }
                seeds.append(Seed(name: "example-\(operation)-\(status)", answer: answer, body: Array(body), paging: try paging(of: body)))
            }
        }
        let folder = root.appendingPathComponent(recordings)
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() where name.hasSuffix(".json") {
            guard let answer = answer(to: operation(ofRecording: name), schemas: schemas) else { continue }
            let body = try Data(contentsOf: folder.appendingPathComponent(name))
            seeds.append(Seed(name: "recorded-\(name)", answer: answer, body: Array(body), paging: try paging(of: body)))
        }
        return seeds
    }

    /// The answer that reads `operation`'s success: its own, or for an operation the
    /// client does not call (`searchProductsPublicly`), that of one whose success the
    /// document (`schemas`, its `successSchemas()`) gives the same schema. Nil when none does.
    static func answer(to operation: String, schemas: [String: String]) -> WireAnswer? {
        if let own = WireAnswer.named(operation) { return own }
        guard let schema = schemas[operation] else { return nil }
        return WireAnswer.successes.first { schemas[$0.name] == schema }
    }

    /// Writes each seed into `folder`, a fuzz run's scratch corpus.
    static func write(_ seeds: [Seed], into folder: URL) throws {
        for seed in seeds {
            try Data(seed.input).write(to: folder.appendingPathComponent(seed.name))
        }
    }

    /// The page a paged body says it is (DummyJSON's `skip` and `limit`); the first
    /// page for any other body, or one whose page `Paging` would refuse.
    static func paging(of body: Data) throws -> Paging {
        let object = try? JSONSerialization.jsonObject(with: body, options: [.fragmentsAllowed]) as? [String: Any]
        if let limit = object?["limit"] as? Int, let skip = object?["skip"] as? Int, limit > 0,
           let paging = try? Paging(page: skip / limit + 1, pageSize: limit) {
            return paging
        }
        return try Paging()
    }
}
