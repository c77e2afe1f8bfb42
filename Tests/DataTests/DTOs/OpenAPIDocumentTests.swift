import Foundation
@testable import FuzzWireAnswers
import TestSupport
import Testing

/// How the checks read `docs/openapi.json`: an operation's success is whichever 2xx it
/// answers, a creation's 201 as much as a read's 200.
@Suite("Reading the OpenAPI document", .timeLimit(.minutes(1)))
struct OpenAPIDocumentTests {
    static let document = """
        {"paths": {
            "/carts/add": {"post": {"operationId": "addToCart", "responses": {
                "201": {"description": "added", "content": {"application/json": {
                    "schema": {"$ref": "#/components/schemas/Cart"}, "example": {"id": 1}}}},
                "400": {"description": "refused", "content": {"application/json": {
                    "schema": {"$ref": "#/components/schemas/Error"}, "example": {"message": "no"}}}}}}},
            "/me": {"get": {"operationId": "currentUser", "responses": {
                "200": {"description": "who", "content": {"application/json": {
                    "schema": {"$ref": "#/components/schemas/User"}, "example": {"id": 2}}}},
                "304": {"description": "unchanged"}}}}
        }}
        """

    @Test("each operation's success schema is its 2xx answer's, 200 or 201")
    func successSchemas() throws {
        let folder = try TemporaryDirectory()
        let file = URL(fileURLWithPath: folder.file("openapi.json"))
        try Data(Self.document.utf8).write(to: file)
        let schemas = try OpenAPIDocument(contentsOf: file).successSchemas()
        #expect(schemas == ["addToCart": "#/components/schemas/Cart", "currentUser": "#/components/schemas/User"])
    }

    @Test("a status is a success when it is 2xx", arguments: [
        ("200", true), ("201", true), ("204", true), ("304", false), ("400", false), ("2", false), ("default", false),
    ])
    func success(status: String, isSuccess: Bool) {
        #expect(OpenAPIDocument.isSuccess(status) == isSuccess)
    }
}
