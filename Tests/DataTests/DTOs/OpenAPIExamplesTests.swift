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

    @Test("every operation of the document is answered by one wire answer, and every answer's operation is in it")
    func everyOperationHasAnAnswer() throws {
        let operations = Set(try Self.document.operations().map(\.id))
        let listed = Set(WireAnswer.allCases.flatMap(\.operations))
        #expect(operations.count >= 9)
        #expect(operations.subtracting(listed).isEmpty, "no WireAnswer lists \(operations.subtracting(listed).sorted())")
        #expect(listed.subtracting(operations).isEmpty, "WireAnswer lists what the document lacks: \(listed.subtracting(operations).sorted())")
        for operation in operations {
            #expect(WireAnswer.allCases.filter { $0.operations.contains(operation) }.count <= 1, "\(operation) is listed twice")
        }
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
                switch try seed.answer.read(seed.body, paging: seed.paging) {
                case let .failure(failure, message):
                    #expect(message != nil, "\(seed.name): the error body has no message: \(failure)")
                case let .session(session):
                    #expect(session != nil, "\(seed.name): the client would refuse its tokens")
                case .page, .value:
                    break
                }
            }
            // As the fuzzer starts from it: the page it asks for is the body's, where a byte can say it.
            if let byte = WireAnswersCheck.pagingByte(for: seed.paging) {
                #expect(seed.input[1] == byte && WireAnswersCheck.paging(from: byte) == seed.paging, "\(seed.name)")
            }
            seed.input.withUnsafeBytes(WireAnswersCheck.run)
        }
        // Every operation has a success example, the errors theirs, and each recording is read.
        let exampled = Set(seeds.filter { $0.name.hasPrefix("example-") && $0.answer != .errorBody }.map(\.name))
        let withoutExample = try Self.document.operations().map(\.id).filter { !exampled.contains("example-\($0)-200") }
        #expect(withoutExample.isEmpty, "docs/openapi.json gives no 200 example the client reads for \(withoutExample.sorted())")
        #expect(seeds.filter { $0.answer == .errorBody }.count >= 10)
        let recordings = try FileManager.default.contentsOfDirectory(
            atPath: RepositoryFolder.root.appendingPathComponent(WireAnswerSeeds.recordings).path
        ).filter { $0.hasSuffix(".json") }
        let seeded = Set(seeds.map(\.name))
        let unread = recordings.filter { !seeded.contains("recorded-\($0)") }
        #expect(unread.isEmpty, "no WireAnswer answers the operation these recordings are named after: \(unread.sorted())")
    }
}
