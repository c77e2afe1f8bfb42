import Foundation

/// The dependency diagram of docs/ARCHITECTURE.md, written from the manifest rather
/// than by hand, so it cannot say something the package does not do.
enum DependencyDiagram {
    /// Where the diagram sits in docs/ARCHITECTURE.md.
    static let begin = "<!-- dependency-diagram:begin (scripts/update-diagram writes this; do not edit) -->"
    static let end = "<!-- dependency-diagram:end -->"

    /// A Mermaid flowchart: one node per target that is not a test, an arrow to each
    /// target it depends on, and its other packages' products in the node's label.
    static func mermaid(of targets: [DeclaredTarget]) -> String {
        let shown = targets.filter { $0.kind != .test && !$0.path.hasPrefix("Tests/") }.sorted { $0.name < $1.name }
        var lines = ["```mermaid", "flowchart TD"]
        for target in shown {
            let products = target.productDependencies.sorted()
            let label = products.isEmpty ? target.name : "\(target.name)<br/><small>\(products.joined(separator: ", "))</small>"
            lines.append("    \(target.name)[\"\(label)\"]")
        }
        for target in shown {
            for dependency in target.targetDependencies.sorted() {
                lines.append("    \(target.name) --> \(dependency)")
            }
        }
        lines.append("```")
        return lines.joined(separator: "\n")
    }

    /// The diagram now in `document`, between the markers; nil when the markers are missing.
    static func committed(in document: String) -> String? {
        guard let start = document.range(of: begin), let stop = document.range(of: end), start.upperBound <= stop.lowerBound else {
            return nil
        }
        return document[start.upperBound..<stop.lowerBound].trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// `document` with the diagram between the markers replaced by `diagram`.
    static func replacing(in document: String, with diagram: String) -> String? {
        guard let start = document.range(of: begin), let stop = document.range(of: end), start.upperBound <= stop.lowerBound else {
            return nil
        }
        return document.replacingCharacters(in: start.upperBound..<stop.lowerBound, with: "\n" + diagram + "\n")
    }
}
