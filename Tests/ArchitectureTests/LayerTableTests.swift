import Foundation
import Testing

/// README's "The layers" says which folder holds which layer, and which layers hold
/// more than one target. Both are checked against the manifest, so adding a target or
/// a folder without saying so in the README fails here.
@Suite("README's layer table is the manifest's", .timeLimit(.minutes(1)))
struct LayerTableTests {
    /// The section between "## The layers" and the next heading.
    static func layersSection() throws -> String {
        let readme = try String(contentsOf: PackageReader.repositoryRoot.appendingPathComponent("README.md"), encoding: .utf8)
        guard let start = readme.range(of: "\n## The layers\n") else { return "" }
        let rest = readme[start.upperBound...]
        let end = rest.range(of: "\n## ")?.lowerBound ?? rest.endIndex
        return String(rest[..<end])
    }

    /// The folders of the table's first column, e.g. `Data/Transports/`, without the slash.
    static func tableFolders(in section: String) -> [String] {
        section.split(separator: "\n").compactMap { line in
            guard line.hasPrefix("| `"), let close = line.dropFirst(3).firstIndex(of: "`") else { return nil }
            let folder = line[line.index(line.startIndex, offsetBy: 3)..<close]
            return folder.hasSuffix("/") ? String(folder.dropLast()) : nil
        }
    }

    @Test("every target lies in a folder the table names, and every folder it names exists")
    func foldersCoverTargets() async throws {
        let targets = try await PackageReader.storefront.value.targets
        let folders = Self.tableFolders(in: try Self.layersSection())
        try #require(folders.count >= 8, "the table was not found: \(folders)")

        for target in targets {
            let covered = folders.contains { target.path == $0 || target.path.hasPrefix($0 + "/") }
            #expect(covered, "\(target.name) (\(target.path)) is in no folder of README's layer table")
        }
        for folder in folders {
            var isDirectory: ObjCBool = false
            let path = PackageReader.repositoryRoot.appendingPathComponent(folder).path
            #expect(FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue, "\(folder)/ is not a folder")
        }
    }

    @Test("each layer folder holding more than one target has them all named in the section")
    func extraTargetsNamed() async throws {
        let targets = try await PackageReader.storefront.value.targets.filter { $0.kind != .test && !$0.path.hasPrefix("Tests/") }
        let section = try Self.layersSection()
        let byLayer = Dictionary(grouping: targets) { $0.path.split(separator: "/").first.map(String.init) ?? $0.path }
        let shared = byLayer.filter { $0.value.count > 1 }
        try #require(!shared.isEmpty)

        for (layer, members) in shared {
            // The target named after its folder is the layer itself; the others need a word.
            for target in members where target.name != layer && !section.contains("`\(target.name)`") {
                Issue.record("\(layer)/ holds \(target.name), which README's layers section never names")
            }
        }
    }
}
