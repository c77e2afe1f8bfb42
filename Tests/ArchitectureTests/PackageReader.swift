import Foundation
import TestSupport

/// Reads a package from disk: its targets through `swift package dump-package`
/// (the manifest as SwiftPM itself understands it) and its sources' import lines.
enum PackageReader {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// The root of this repository.
    static var repositoryRoot: URL { RepositoryFolder.root }

    static func targets(ofPackageAt root: URL) async throws -> [DeclaredTarget] {
        let json = try await dumpPackage(at: root)
        let manifest = try JSONDecoder().decode(Manifest.self, from: json)
        return manifest.targets.map { target in
            var targetDependencies: [String] = []
            var productDependencies: [String] = []
            for dependency in target.dependencies {
                if let name = dependency.byName ?? dependency.target {
                    targetDependencies.append(name)
                } else if let name = dependency.product {
                    productDependencies.append(name)
                }
            }
            return DeclaredTarget(
                name: target.name,
                kind: DeclaredTarget.Kind(rawValue: target.type) ?? .regular,
                path: target.path ?? "Sources/\(target.name)",
                targetDependencies: targetDependencies,
                productDependencies: productDependencies
            )
        }
    }

    /// Storefront's own targets and imports, read once per test run and off the shared
    /// threads: `swift package dump-package` takes seconds, and a test that blocks a
    /// concurrency thread that long delays every other test's timers.
    static let storefront = Task { () throws -> (targets: [DeclaredTarget], imports: [String: [ImportLine]]) in
        let declared = try await PackageReader.targets(ofPackageAt: repositoryRoot)
        return (declared, try await runOffPool { try imports(of: declared, in: repositoryRoot) })
    }

    /// Another package's targets, read off the shared threads (see `storefront`).
    static func targetsOffPool(ofPackageAt root: URL) async throws -> [DeclaredTarget] {
        try await targets(ofPackageAt: root)
    }

    /// Every import line of every `.swift` file below each non-test target's folder. A
    /// file in a folder that holds a target of its own (Data/Transports/…) counts for
    /// that target only.
    static func imports(of targets: [DeclaredTarget], in root: URL) throws -> [String: [ImportLine]] {
        var result: [String: [ImportLine]] = [:]
        let sourceTargets = targets.filter { $0.kind != .test && !$0.path.hasPrefix("Tests/") }
        for target in sourceTargets {
            let folder = root.appendingPathComponent(target.path)
            let nested = sourceTargets.map(\.path).filter { $0.hasPrefix(target.path + "/") }
            guard let files = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil) else { continue }
            for case let file as URL in files where file.pathExtension == "swift" {
                let relative = String(file.path.dropFirst(root.path.count + 1))
                if nested.contains(where: { relative.hasPrefix($0 + "/") }) { continue }
                let source = try String(contentsOf: file, encoding: .utf8)
                result[target.name, default: []] += ImportScanner.imports(in: source, file: relative)
            }
        }
        return result
    }

    /// Runs `swift package dump-package` with a scratch folder of its own, so it never
    /// waits for the lock that the running `swift test` holds on `.build`. The folder is
    /// this clone's (`.build-architecture/`, ignored like every build folder) and kept:
    /// SwiftPM leaves a lock file beside every scratch path it has used, and a folder
    /// shared by every clone in the temporary folder would let two clones' runs meet.
    private static func dumpPackage(at root: URL) async throws -> Data {
        let scratch = repositoryRoot.appendingPathComponent(".build-architecture")
            .appendingPathComponent(root.lastPathComponent.hasPrefix("storefront-bad-package") ? "bad" : "main")
        // SwiftPM keeps its manifest cache under HOME: one beside the scratch folder, kept
        // between runs like it, so the runner's home is neither read nor written.
        let child = try await ChildProcess.run(
            "/usr/bin/env",
            arguments: ["swift", "package", "--package-path", root.path, "--scratch-path", scratch.path, "dump-package"],
            environment: ChildEnvironment.clean(home: scratch.path + "-home")
        )
        guard child.status == 0 else {
            throw Failure(description: "swift package dump-package failed (\(child.status)): \(child.standardError)")
        }
        return Data(child.standardOutputBytes)
    }

    /// The part of dump-package's JSON that the rules need.
    private struct Manifest: Decodable {
        struct Target: Decodable {
            let name: String
            let type: String
            let path: String?
            let dependencies: [Dependency]
        }

        /// One key naming the kind, holding an array whose first element is the name,
        /// e.g. `{"byName": ["Domain", null]}`; the rest (conditions, aliases) is skipped.
        struct Dependency: Decodable {
            let byName: String?
            let target: String?
            let product: String?

            private enum Key: String, CodingKey {
                case byName, target, product
            }

            init(from decoder: any Decoder) throws {
                let container = try decoder.container(keyedBy: Key.self)
                func name(_ key: Key) throws -> String? {
                    guard container.contains(key) else { return nil }
                    var array = try container.nestedUnkeyedContainer(forKey: key)
                    return try array.decode(String.self)
                }
                byName = try name(.byName)
                target = try name(.target)
                product = try name(.product)
            }
        }

        let targets: [Target]
    }
}
