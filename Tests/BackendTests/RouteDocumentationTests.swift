@testable import Backend
import Foundation
import TestSupport
import Testing

/// The backend's routes and `docs/openapi.json` name the same paths with the same
/// methods, both ways: a route added to `StoreRoute` without its operation in the
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

    /// Every path `StoreRoute` matches, read from its source: the exact paths, and the
    /// prefixes before a parameter (`/auth/products/category/`).
    static func routedPaths() throws -> [String] {
        let url = RepositoryFolder.root.appendingPathComponent("Backend/Protocol/StoreRoute.swift")
        let source = try String(contentsOf: url, encoding: .utf8)
        return source.matches(of: /"(\/[^"]*)"/).map { String($0.1) }
    }

    @Test("every path StoreRoute routes is an operation of openapi.json, with the method the route takes")
    func routesAreDocumented() throws {
        let documented = try Self.documentedOperations()
        let routed = Set(try Self.routedPaths())
        #expect(routed.count >= 8, "StoreRoute's paths were not found: \(routed)")
        for path in routed {
            // A prefix stands for its template with one parameter after it.
            let matching = documented.filter { path.hasSuffix("/") ? $0.path.hasPrefix(path + "{") && !$0.path.dropFirst(path.count).contains("/") : $0.path == path }
            #expect(!matching.isEmpty, "StoreRoute routes \(path), which docs/openapi.json does not describe")
            for operation in matching {
                let concrete = operation.path.replacing(/\{[^}]+\}/, with: "1")
                let route = try #require(StoreRoute(path: concrete), "\(concrete) is routed nowhere")
                #expect(route.method == operation.method, "\(operation.path): the document says \(operation.method), the backend takes \(route.method)")
            }
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
