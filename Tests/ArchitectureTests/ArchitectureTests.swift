import Foundation
import Testing

@Suite("Architecture: dependencies point inward", .timeLimit(.minutes(1)))
struct ArchitectureTests {
    private let checker = ArchitectureChecker(rules: LayerRule.storefront)

    @Test("Storefront's manifest and every source file keep the layer rules")
    func storefrontKeepsTheRules() async throws {
        let (targets, imports) = try await PackageReader.storefront.value

        let violations = checker.violations(targets: targets, imports: imports)

        #expect(violations.isEmpty, "\(violations.map(\.description).joined(separator: "\n"))")
        // Guard against a reader that finds nothing and so passes vacuously.
        #expect(targets.filter { $0.kind != .test }.count >= LayerRule.storefront.count)
        #expect(imports["App", default: []].contains { $0.module == "ArgumentParser" })
    }

    @Test("Domain has no import line at all")
    func domainImportsNothing() async throws {
        let root = PackageReader.repositoryRoot
        let targets = try await PackageReader.storefront.value.targets
        let domain = try #require(targets.first { $0.name == "Domain" })

        #expect(domain.targetDependencies.isEmpty && domain.productDependencies.isEmpty)
        #expect(try PackageReader.imports(of: [domain], in: root)["Domain", default: []].isEmpty)
    }

    /// The rules above are per target; this follows `storefront-server`'s dependencies all
    /// the way down, so a client layer cannot reach it through a shared target either.
    @Test("storefront-server links no client layer, directly or through another target")
    func serverLinksNoClientLayer() async throws {
        let targets = try await PackageReader.storefront.value.targets
        let byName = Dictionary(targets.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        var linked: Set<String> = []
        var next = ["Server"]
        while let name = next.popLast() {
            guard linked.insert(name).inserted, let target = byName[name] else { continue }
            next += target.targetDependencies
        }

        #expect(linked.isSuperset(of: ["Server", "Backend", "AppShared", "Infrastructure"]), "\(linked.sorted())")
        let client: Set<String> = ["Domain", "Data", "Presentation", "App", "HTTPClientAdapter", "URLSessionAdapter"]
        #expect(linked.isDisjoint(with: client), "storefront-server links \(linked.intersection(client).sorted())")
    }

    /// Every target `storefront` links imports FoundationEssentials, and all of
    /// Foundation only where that module is missing (Apple's platforms): on Linux one
    /// unguarded `import Foundation` lets a `Thread` or a `DateFormatter` in, and with it
    /// Foundation, its internationalization and ICU's 34 MB of data (InstalledCommandTests
    /// checks the installed binary for them).
    @Test("the client's targets import Foundation only where FoundationEssentials is missing")
    func clientImportsFoundationEssentials() async throws {
        let root = PackageReader.repositoryRoot
        let imports = try await PackageReader.storefront.value.imports
        let client = ["Data", "HTTPClientAdapter", "Infrastructure", "Presentation", "App", "AppShared"]
        var unguarded: [String] = []
        for target in client {
            for line in imports[target, default: []] where line.module == "Foundation" {
                let source = try String(contentsOf: root.appendingPathComponent(line.file), encoding: .utf8)
                let lines = source.split(separator: "\n", omittingEmptySubsequences: false)
                let before = lines[max(0, line.line - 4)..<(line.line - 1)].map { $0.trimmingCharacters(in: .whitespaces) }
                if before != ["#if canImport(FoundationEssentials)", "import FoundationEssentials", "#else"] {
                    unguarded.append("\(line.file):\(line.line)")
                }
            }
        }
        #expect(imports["Data", default: []].contains { $0.module == "FoundationEssentials" })
        #expect(unguarded.isEmpty, "import Foundation outside `#if canImport(FoundationEssentials) … #else`: \(unguarded)")
    }
}

/// The checker's own tests: it must fail on packages that break the rules, or a
/// green architecture test would mean nothing.
@Suite("Architecture checker catches violations", .timeLimit(.minutes(1)))
struct ArchitectureCheckerTests {
    private let checker = ArchitectureChecker(rules: LayerRule.storefront)

    /// A package laid out like Storefront, with every rule kept.
    private var goodTargets: [DeclaredTarget] {
        [
            DeclaredTarget(name: "Domain", kind: .regular, path: "Domain", targetDependencies: [], productDependencies: []),
            DeclaredTarget(name: "Styling", kind: .regular, path: "Styling", targetDependencies: [], productDependencies: []),
            DeclaredTarget(name: "Presentation", kind: .regular, path: "Presentation", targetDependencies: ["Domain", "Styling"], productDependencies: []),
            DeclaredTarget(name: "Data", kind: .regular, path: "Data", targetDependencies: ["Domain", "Infrastructure"], productDependencies: []),
            DeclaredTarget(
                name: "HTTPClientAdapter", kind: .regular, path: "Data/Transports/AsyncHTTPClient",
                targetDependencies: ["Data", "Infrastructure"], productDependencies: ["AsyncHTTPClient", "NIOSSL"]
            ),
            DeclaredTarget(
                name: "URLSessionAdapter", kind: .regular, path: "Data/Transports/URLSession",
                targetDependencies: ["Data"], productDependencies: []
            ),
            DeclaredTarget(name: "Infrastructure", kind: .regular, path: "Infrastructure", targetDependencies: ["CLibCrypto"], productDependencies: ["Logging"]),
            DeclaredTarget(name: "CLibCrypto", kind: .system, path: "Infrastructure/CLibCrypto", targetDependencies: [], productDependencies: []),
            DeclaredTarget(name: "CSystemCalls", kind: .regular, path: "Infrastructure/CSystemCalls", targetDependencies: [], productDependencies: []),
            DeclaredTarget(name: "Backend", kind: .regular, path: "Backend", targetDependencies: ["Infrastructure"], productDependencies: ["Hummingbird"]),
            DeclaredTarget(name: "CProcessControl", kind: .regular, path: "App/CProcessControl", targetDependencies: [], productDependencies: []),
            DeclaredTarget(
                name: "App", kind: .executable, path: "App",
                targetDependencies: ["Domain", "Presentation", "Data", "Infrastructure", "AppShared"], productDependencies: ["ArgumentParser"]
            ),
            DeclaredTarget(
                name: "AppShared", kind: .regular, path: "App/Shared",
                targetDependencies: ["Infrastructure"], productDependencies: ["ArgumentParser"]
            ),
            DeclaredTarget(
                name: "Server", kind: .executable, path: "App/Server",
                targetDependencies: ["Backend", "AppShared"], productDependencies: ["ArgumentParser"]
            ),
            DeclaredTarget(
                name: "ClientBenchmark", kind: .executable, path: "Benchmarks/ClientBenchmark",
                targetDependencies: ["Data", "HTTPClientAdapter", "Backend"], productDependencies: ["Logging"]
            ),
            DeclaredTarget(
                name: "BackendBenchmark", kind: .executable, path: "Benchmarks/BackendBenchmark",
                targetDependencies: ["Data", "HTTPClientAdapter", "Backend"], productDependencies: ["Logging"]
            ),
            DeclaredTarget(
                name: "CryptoBenchmark", kind: .executable, path: "Benchmarks/CryptoBenchmark",
                targetDependencies: ["Infrastructure"], productDependencies: []
            ),
            DeclaredTarget(name: "FuzzSupport", kind: .regular, path: "Fuzz/Support", targetDependencies: [], productDependencies: []),
        ] + LayerRule.fuzzTargets.map { rule in
            DeclaredTarget(
                name: rule.layer, kind: .executable, path: rule.folder,
                targetDependencies: Array(rule.targets), productDependencies: Array(rule.products)
            )
        } + [
            DeclaredTarget(name: "DomainTests", kind: .test, path: "Tests/DomainTests", targetDependencies: ["Domain", "App"], productDependencies: []),
        ]
    }

    private func replacing(_ name: String, with target: DeclaredTarget) -> [DeclaredTarget] {
        goodTargets.map { $0.name == name ? target : $0 }
    }

    @Test("a package that keeps the rules has no violations")
    func goodPackage() {
        let imports = ["Data": [ImportLine(file: "Data/X.swift", line: 1, module: "Foundation")]]
        #expect(checker.violations(targets: goodTargets, imports: imports).isEmpty)
    }

    @Test("Domain importing Foundation is caught")
    func domainImportsFoundation() {
        let imports = ImportScanner.imports(in: "import Foundation\n\npublic struct Money {}\n", file: "Domain/Money.swift")

        let violations = checker.violations(targets: goodTargets, imports: ["Domain": imports])

        #expect(violations == [Violation(description: "Domain/Money.swift:1 imports Foundation, which layer Domain may not")])
    }

    @Test("outward dependencies in the manifest are caught", arguments: [
        ("Domain", ["Data"], [String]()),
        ("Presentation", ["Domain", "Data"], []),
        ("Data", ["Domain", "Infrastructure", "Presentation"], []),
        ("Infrastructure", ["CLibCrypto", "Domain"], ["Logging"]),
        ("Presentation", ["Domain"], ["ArgumentParser"]),
        ("Backend", ["Infrastructure", "Data"], ["Hummingbird"]),
        ("Backend", ["Infrastructure", "Domain"], ["Hummingbird"]),
    ])
    func outwardManifestDependency(layer: String, targets: [String], products: [String]) throws {
        let original = try #require(goodTargets.first { $0.name == layer })
        let bad = DeclaredTarget(name: layer, kind: original.kind, path: original.path, targetDependencies: targets, productDependencies: products)

        let violations = checker.violations(targets: replacing(layer, with: bad), imports: [:])

        #expect(violations.count == 1)
        #expect(violations.first?.description.hasPrefix("\(layer) depends on") == true)
    }

    @Test("outward imports in sources are caught, however the import is spelled", arguments: [
        ("Data", "@preconcurrency import App"),
        ("Data", "public import Presentation"),
        ("Presentation", "import struct Data.HTTPRequest"),
        ("Infrastructure", "@testable import Domain"),
        ("Domain", "import Glibc"),
        ("Backend", "import Data"),
        // An HTTP stack belongs to its adapter, never to Data itself.
        ("Data", "import AsyncHTTPClient"),
        ("Data", "import FoundationNetworking"),
        ("URLSessionAdapter", "import NIOCore"),
    ])
    func outwardImport(layer: String, line: String) {
        let imports = ImportScanner.imports(in: "// header\n\(line)\n", file: "\(layer)/Bad.swift")

        let violations = checker.violations(targets: goodTargets, imports: [layer: imports])

        #expect(violations.count == 1)
        #expect(violations.first?.description.hasPrefix("\(layer)/Bad.swift:2 imports") == true)
    }

    @Test("a file in an adapter's folder counts for the adapter, not for Data around it")
    func nestedTargetFolders() async throws {
        let imports = try await PackageReader.storefront.value.imports

        #expect(imports["HTTPClientAdapter", default: []].contains { $0.module == "AsyncHTTPClient" })
        #expect(!imports["Data", default: []].contains { $0.file.hasPrefix("Data/Transports/") })
    }

    @Test("a target without a rule, a layer outside its folder, and a rule without a target are caught")
    func structuralViolations() {
        var targets = goodTargets.filter { $0.name != "Presentation" }
        targets.append(DeclaredTarget(name: "Utilities", kind: .regular, path: "Utilities", targetDependencies: [], productDependencies: []))
        targets = targets.map {
            $0.name == "Data" ? DeclaredTarget(name: "Data", kind: .regular, path: "Sources/Data", targetDependencies: ["Domain"], productDependencies: []) : $0
        }

        let descriptions = checker.violations(targets: targets, imports: [:]).map(\.description)

        #expect(descriptions.contains("target Utilities has no layer rule; add one to LayerRules.swift"))
        #expect(descriptions.contains("target Data lives in Sources/Data, not in its layer folder Data/"))
        #expect(descriptions.contains("layer Presentation has a rule but no target in Package.swift"))
    }

    @Test("the scanner reads every spelling of import and skips comments")
    func scanner() {
        let source = """
            import Foundation
            @testable import Domain
            @_implementationOnly import CLibCrypto
            internal import Logging
            import struct Foundation.URL
            import Glibc;
            // import App
            /* import App */
            let note = "import Nothing"
            """
        let modules = ImportScanner.imports(in: source, file: "X.swift").map(\.module)
        #expect(modules == ["Foundation", "Domain", "CLibCrypto", "Logging", "Foundation", "Glibc"])
    }

    @Test("a real package on disk whose Domain reaches outward fails the whole check")
    func badPackageOnDisk() async throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("storefront-bad-package-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        for folder in ["Domain", "Data"] {
            try FileManager.default.createDirectory(at: root.appendingPathComponent(folder), withIntermediateDirectories: true)
        }
        try """
            // swift-tools-version: 6.0
            import PackageDescription
            let package = Package(name: "Bad", targets: [
                .target(name: "Domain", dependencies: ["Data"], path: "Domain"),
                .target(name: "Data", path: "Data"),
            ])
            """.write(to: root.appendingPathComponent("Package.swift"), atomically: true, encoding: .utf8)
        try "import Foundation\nimport Data\n".write(to: root.appendingPathComponent("Domain/Bad.swift"), atomically: true, encoding: .utf8)
        try "public struct Thing {}\n".write(to: root.appendingPathComponent("Data/Thing.swift"), atomically: true, encoding: .utf8)

        let targets = try await PackageReader.targetsOffPool(ofPackageAt: root)
        let descriptions = checker.violations(targets: targets, imports: try PackageReader.imports(of: targets, in: root))
            .map(\.description)

        #expect(descriptions.contains("Domain depends on target Data in Package.swift, which its layer may not"))
        #expect(descriptions.contains("Domain/Bad.swift:1 imports Foundation, which layer Domain may not"))
        #expect(descriptions.contains("Domain/Bad.swift:2 imports Data, which layer Domain may not"))
    }
}
