/// A target as the manifest declares it: its kind, folder and dependencies.
struct DeclaredTarget: Sendable, Equatable {
    enum Kind: String, Sendable {
        case regular, executable, test, system, plugin, macro, binary
    }

    let name: String
    let kind: Kind
    let path: String
    /// Targets of this package it depends on.
    let targetDependencies: [String]
    /// Products of other packages it depends on, by product name.
    let productDependencies: [String]
}

/// One `import` line found in a source file.
struct ImportLine: Sendable, Equatable {
    let file: String
    let line: Int
    let module: String
}

/// A broken rule, worded so the failure message says what to fix.
struct Violation: Sendable, Equatable, CustomStringConvertible {
    let description: String
}

/// Checks a package's declared targets and its sources' imports against the layer rules.
/// Pure: it reads nothing itself, so a test can hand it a deliberately bad package.
struct ArchitectureChecker: Sendable {
    let rules: [LayerRule]

    func violations(targets: [DeclaredTarget], imports: [String: [ImportLine]]) -> [Violation] {
        var found: [Violation] = []
        let rulesByLayer = Dictionary(uniqueKeysWithValues: rules.map { ($0.layer, $0) })

        // Test targets and their helpers (anything under Tests/) are outside the layers.
        for target in targets where target.kind != .test && target.kind != .system && !target.path.hasPrefix("Tests/") {
            guard let rule = rulesByLayer[target.name] else {
                found.append(Violation(description: "target \(target.name) has no layer rule; add one to LayerRules.swift"))
                continue
            }
            if target.path != rule.folder {
                found.append(Violation(description: "target \(target.name) lives in \(target.path), not in its layer folder \(rule.folder)/"))
            }
            for dependency in target.targetDependencies where !rule.targets.contains(dependency) {
                found.append(Violation(description: "\(target.name) depends on target \(dependency) in Package.swift, which its layer may not"))
            }
            for product in target.productDependencies where !rule.products.contains(product) {
                found.append(Violation(description: "\(target.name) depends on product \(product) in Package.swift, which its layer may not"))
            }
            for importLine in imports[target.name, default: []] where !rule.importable.contains(importLine.module) {
                found.append(Violation(description: "\(importLine.file):\(importLine.line) imports \(importLine.module), which layer \(target.name) may not"))
            }
        }
        for rule in rules where !targets.contains(where: { $0.name == rule.layer }) {
            found.append(Violation(description: "layer \(rule.layer) has a rule but no target in Package.swift"))
        }
        return found
    }
}

/// Finds `import` declarations in Swift source text, line by line.
enum ImportScanner {
    /// The modules imported by `source`: `import X`, `@testable import X`,
    /// `public import X`, `import struct X.Y` and the like. Comment lines are skipped.
    static func imports(in source: String, file: String) -> [ImportLine] {
        var result: [ImportLine] = []
        for (index, rawLine) in source.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            var words = rawLine.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
            if let first = words.first, first.hasPrefix("//") || first.hasPrefix("/*") || first.hasPrefix("*") {
                continue
            }
            // Attributes (`@testable`, `@preconcurrency`, `@_implementationOnly`) and access levels.
            while let first = words.first, first.hasPrefix("@") || accessLevels.contains(first) {
                words.removeFirst()
            }
            guard words.first == "import", words.count >= 2 else { continue }
            var moduleWord = words[1]
            if declarationKinds.contains(moduleWord), words.count >= 3 {
                moduleWord = words[2]
            }
            let module = String(moduleWord.prefix { $0 != "." && $0 != ";" })
            result.append(ImportLine(file: file, line: index + 1, module: module))
        }
        return result
    }

    private static let accessLevels: Set<String> = ["public", "package", "internal", "fileprivate", "private"]
    private static let declarationKinds: Set<String> = [
        "struct", "class", "enum", "protocol", "typealias", "func", "let", "var", "actor",
    ]
}
