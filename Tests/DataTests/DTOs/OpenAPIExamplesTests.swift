@testable import Data
import Domain
import Foundation
@testable import FuzzWireAnswers
import TestSupport
import Testing

/// `docs/openapi.json`, the recordings and the client agree: every example the
/// document gives for a success, and every recorded DummyJSON answer, reads as the
/// answer `WireAnswer` lists for its operation (decoded and mapped, as the client
/// does it, its tokens ones the client would keep), and every error example reads as
/// the error body, its message included. These are the seeds the
/// wire fuzzer starts from (`WireAnswerSeeds`), so this is also that corpus's replay.
/// `scripts/check-openapi` checks the other direction: the backend's answers, and the
/// recorded ones, against the document's schemas.
@Suite("The OpenAPI document's examples and the recordings", .timeLimit(.minutes(1)))
struct OpenAPIExamplesTests {
    static var document: OpenAPIDocument {
        get throws { try OpenAPIDocument(contentsOf: RepositoryFolder.root.appendingPathComponent("docs/openapi.json")) }
    }

    @Test("every operation of the document is read by a wire answer, and every answer names an operation of it")
    func everyOperationHasAnAnswer() throws {
        let document = try Self.document
        let operations = Set(try document.operations().map(\.id))
        #expect(operations.count >= 9)
        let schemas = try document.successSchemas()
        let unread = operations.filter { WireAnswerSeeds.answer(to: $0, schemas: schemas) == nil }
        #expect(unread.isEmpty, "no WireAnswer reads \(unread.sorted()): add one that reads it through its StoreEndpoints call")
        let names = WireAnswer.successes.map(\.name)
        #expect(Set(names).subtracting(operations).isEmpty, "WireAnswer names what the document lacks: \(Set(names).subtracting(operations).sorted())")
        #expect(Set(names).count == names.count, "WireAnswer names an operation twice: \(names)")
    }

    @Test("every recorded DummyJSON answer is named after an operation docs/openapi.json describes")
    func recordingsNamed() throws {
        let operations = Set(try Self.document.operations().map(\.id))
        let recordings = try FileManager.default.contentsOfDirectory(
            atPath: RepositoryFolder.root.appendingPathComponent(WireAnswerSeeds.recordings).path
        ).filter { $0.hasSuffix(".json") }.sorted()
        #expect(recordings.count >= 4, "the recordings were not found: \(recordings)")
        for recording in recordings {
            let operation = WireAnswerSeeds.operation(ofRecording: recording)
            #expect(operations.contains(operation), "\(recording): name it after the operationId it answers (docs/openapi.json has no \(operation)), so scripts/check-openapi checks it and the fuzzer starts from it")
        }
    }

    @Test("every seed, each example and recording, reads as its answer: a page is the page it says")
    func seedsRead() throws {
        let seeds = try WireAnswerSeeds.all(in: RepositoryFolder.root)
        for seed in seeds {
            #expect(throws: Never.self, "\(seed.name)") {
                // A session the client would refuse, like any unusable answer, throws.
                switch try seed.answer.read(seed.body, seed.paging) {
                case let .failure(failure, message):
                    #expect(message != nil, "\(seed.name): the error body has no message: \(failure)")
                case .page, .session, .value:
                    break
                }
            }
            // As the fuzzer starts from it: the page it asks for is the body's, where a byte can say it.
            if let byte = WireAnswersCheck.pagingByte(for: seed.paging) {
                let name = Array(seed.answer.name.utf8)
                #expect(Array(seed.input.prefix(name.count + 2)) == name + [WireAnswersCheck.separator, byte], "\(seed.name)")
                #expect(WireAnswersCheck.paging(from: byte) == seed.paging, "\(seed.name)")
            }
            seed.input.withUnsafeBytes(WireAnswersCheck.run)
        }
        // Every operation has a success example, the errors theirs, and each recording is read.
        // A seed of an example is named `example-OPERATION-STATUS`; a success is any 2xx.
        let exampled = Set(seeds.filter { $0.name.hasPrefix("example-") && $0.answer.name != WireAnswer.errorBody.name }.compactMap { seed in
            let parts = seed.name.dropFirst("example-".count).split(separator: "-")
            return parts.last.map(String.init).map(OpenAPIDocument.isSuccess) == true ? parts.dropLast().joined(separator: "-") : nil
        })
        let withoutExample = try Self.document.operations().map(\.id).filter { !exampled.contains($0) }
        #expect(withoutExample.isEmpty, "docs/openapi.json gives no success example the client reads for \(withoutExample.sorted())")
        #expect(seeds.filter { $0.answer.name == WireAnswer.errorBody.name }.count >= 10)
        let recordings = try FileManager.default.contentsOfDirectory(
            atPath: RepositoryFolder.root.appendingPathComponent(WireAnswerSeeds.recordings).path
        ).filter { $0.hasSuffix(".json") }
        let seeded = Set(seeds.map(\.name))
        let unread = recordings.filter { !seeded.contains("recorded-\($0)") }
        #expect(unread.isEmpty, "no WireAnswer answers the operation these recordings are named after: \(unread.sorted())")
    }
}
