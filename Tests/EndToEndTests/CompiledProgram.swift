import Foundation
import TestSupport
import Testing

/// A small C program a test compiles for itself, with the C compiler Swift itself links
/// with (`cc`, or the toolchain's `clang`): for what only a system call can show, such
/// as a seccomp filter or a key read inside another user namespace.
enum CompiledProgram {
    /// Compiles `source` into a fresh temporary folder; the program's path.
    static func build(named name: String, from source: String) async throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("storefront-\(name)-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let sourceFile = folder + "/\(name).c"
        let path = folder + "/\(name)"
        try source.write(toFile: sourceFile, atomically: true, encoding: .utf8)
        let compiler = try #require(onPath(["cc", "clang", "gcc"]), "no C compiler on PATH (Swift's toolchain carries clang)")
        let compiled = try await ChildProcess.run(compiler, arguments: ["-O1", "-o", path, sourceFile], environment: ChildEnvironment.clean(home: folder))
        guard compiled.status == 0 else { throw CLI.Failure(description: "\(name) did not compile: \(compiled.standardError)") }
        return path
    }

    /// The first of `names` found on the runner's `PATH`, as a full path.
    static func onPath(_ names: [String]) -> String? {
        let paths = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        return names.lazy.flatMap { name in paths.map { "\($0)/\(name)" } }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }
}
