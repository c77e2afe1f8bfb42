import Foundation
import Testing

/// docs/ARCHITECTURE.md's folder table says which folder holds which targets and which
/// of our targets they may depend on. Both are checked against the manifest: adding a
/// target, a folder or a dependency without saying so in the table fails here.
@Suite("The folder table is the manifest's", .timeLimit(.minutes(1)))
struct LayerTableTests {
    /// One row: the folder without its slash, and the names in code style of its last column.
    struct Row {
        let folder: String
        let dependencies: Set<String>
    }

    static func section() throws -> String {
        ReadingPathTests.section(of: try ReadingPathTests.document("docs/ARCHITECTURE.md"), titled: "\n## The folders, and what each may depend on\n")
    }

    static func rows(in section: String) -> [Row] {
        section.split(separator: "\n").compactMap { line in
            guard line.hasPrefix("| `") else { return nil }
            let cells = line.split(separator: "|", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
            guard cells.count >= 4, cells[1].hasPrefix("`"), cells[1].hasSuffix("/`") else { return nil }
            let folder = String(cells[1].dropFirst().dropLast(2))
            let named = cells[3].split(separator: "`", omittingEmptySubsequences: false).enumerated()
                .filter { $0.offset % 2 == 1 }.map { String($0.element) }
            return Row(folder: folder, dependencies: Set(named))
        }
    }

    /// The targets a row speaks for: those in its folder exactly, or, for a folder that
    /// holds none itself (`Fuzz/`, `Tests/`), those below it that no deeper row claims.
    static func targets(of row: Row, among targets: [DeclaredTarget], rows: [Row]) -> [DeclaredTarget] {
        let exact = targets.filter { $0.path == row.folder }
        guard exact.isEmpty else { return exact }
        return targets.filter { target in
            target.path.hasPrefix(row.folder + "/")
                && !rows.contains { $0.folder != row.folder && (target.path == $0.folder || target.path.hasPrefix($0.folder + "/")) && $0.folder.count > row.folder.count }
        }
    }

    @Test("every target has a row, and every row's folder exists and holds a target")
    func foldersCoverTargets() async throws {
        let targets = try await PackageReader.storefront.value.targets
        let rows = Self.rows(in: try Self.section())
        try #require(rows.count >= 15, "the table was not found: \(rows.map(\.folder))")

        for target in targets {
            let covered = rows.contains { Self.targets(of: $0, among: targets, rows: rows).contains { $0.name == target.name } }
            #expect(covered, "\(target.name) (\(target.path)) is in no row of the folder table")
        }
        for row in rows {
            var isDirectory: ObjCBool = false
            let path = PackageReader.repositoryRoot.appendingPathComponent(row.folder).path
            #expect(FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue, "\(row.folder)/ is not a folder")
            #expect(!Self.targets(of: row, among: targets, rows: rows).isEmpty, "\(row.folder)/ holds no target")
        }
    }

    @Test("each row's 'may depend on' names exactly the targets of ours its targets depend on")
    func dependenciesAreTheManifests() async throws {
        let targets = try await PackageReader.storefront.value.targets
        let ours = Set(targets.map(\.name))
        let rows = Self.rows(in: try Self.section())
        try #require(rows.count >= 15)

        for row in rows {
            let declared = Set(Self.targets(of: row, among: targets, rows: rows).flatMap(\.targetDependencies))
            let stated = row.dependencies.intersection(ours)
            #expect(stated == declared, """
                \(row.folder)/ says it may depend on \(stated.sorted()), the manifest says \(declared.sorted()): \
                missing \(declared.subtracting(stated).sorted()), extra \(stated.subtracting(declared).sorted())
                """)
        }
    }
}
