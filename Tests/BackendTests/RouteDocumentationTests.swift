@testable import Backend
import Foundation
import TestSupport
import Testing

/// The backend's routes and `docs/openapi.json` name the same paths with the same
/// methods, both ways: a path added to `StoreRoute.paths` without its operation in the
/// document fails here, and so does an operation the backend does not serve.
@Suite("Every backend route is in openapi.json", .timeLimit(.minutes(1)))
struct RouteDocumentationTests {
    /// The document's operations: path template (`/auth/products/{id}`) and method.
    static func documentedOperations() throws -> [(path: String, method: String)] {
        let url = RepositoryFolder.root.appendingPathComponent("docs/openapi.json")
        let root = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
        let paths = try #require(root["paths"] as? [String: [String: Any]])
        return paths.flatMap { path, item in
            item.keys.filter { ["get", "post", "put", "patch", "delete"].contains($0) }.map { (path, $0.uppercased()) }
        }
    }

    @Test("StoreRoute's paths are the document's, each reached: no path is taken by one before it")
    func routesAreDocumented() throws {
        let routed = StoreRoute.paths.map(\.template)
        #expect(Set(routed) == Set(try Self.documentedOperations().map(\.path)), "StoreRoute.paths and docs/openapi.json's paths differ")
        #expect(Set(routed).count == routed.count, "StoreRoute.paths names a path twice: \(routed)")
        for path in StoreRoute.paths {
            let concrete = path.template.replacing(/\{[^}]+\}/, with: "1")
            #expect(StoreRoute(path: concrete) == path.route(for: concrete), "\(path.template) is taken by a path before it")
        }
    }

    @Test("every operation of openapi.json is a route the backend serves")
    func documentedIsRouted() throws {
        let documented = try Self.documentedOperations()
        #expect(documented.count >= 9)
        for operation in documented {
            let concrete = operation.path.replacing(/\{[^}]+\}/, with: "1")
            let route = StoreRoute(path: concrete)
            #expect(route?.method == operation.method, "docs/openapi.json describes \(operation.method) \(operation.path), which the backend does not serve")
        }
    }
}
