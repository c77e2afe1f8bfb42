import Foundation
import Infrastructure
import TestSupport
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// The real binary on a real full disk: the data folder is a 256 KiB tmpfs, filled to
/// the last block. `login` then says what could not be written, where and why, exits
/// 73 and leaves the old session; `search` still answers (its cache entry cannot be
/// kept, and `--verbose` says so) and leaves the cache as it was; `logout`, which only
/// removes files, still signs out. (`FullDiskTests` injects the same failure where a
/// file system cannot be mounted.)
@Suite("A real full disk", .serialized, .timeLimit(.minutes(2)), .stopsItsBackends)
struct FullDiskEndToEndTests {
    /// Every file under `folder` but the filler, with its bytes.
    private func snapshot(_ folder: String) throws -> [String: Data] {
        var files: [String: Data] = [:]
        for path in try FileManager.default.subpathsOfDirectory(atPath: folder) where path != "filler" {
            var isDirectory: ObjCBool = false
            let full = folder + "/" + path
            if FileManager.default.fileExists(atPath: full, isDirectory: &isDirectory), !isDirectory.boolValue {
                files[path] = try Data(contentsOf: URL(fileURLWithPath: full))
            }
        }
        return files
    }

    /// A fresh tmpfs of `size` (`256k`) mounted on the new folder `path`; the caller
    /// unmounts it (`umount2(path, MNT_DETACH)`, in a defer).
    private func smallDisk(_ path: String, size: String, home: String) async throws -> String {
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        let mount = try await ChildProcess.run(
            "/bin/mount", arguments: ["-t", "tmpfs", "-o", "size=\(size),mode=0700", "tmpfs", path],
            environment: ChildEnvironment.clean(home: home)
        )
        try #require(mount.status == 0, "this machine cannot mount a tmpfs: \(mount.everything)")
        return path
    }

    /// Fills the disk under `folder` to its last block with the file `filler`: `dd` ends
    /// with "No space left on device", which is the point.
    private func fill(_ folder: String, home: String) async throws {
        _ = try await ChildProcess.run(
            "/bin/dd", arguments: ["if=/dev/zero", "of=\(folder)/filler", "bs=4096"],
            environment: ChildEnvironment.clean(home: home)
        )
    }

    @Test(
        "login, search and logout on a full data folder: a sentence and 73 where a write fails, and nothing lost",
        .enabled(if: geteuid() == 0, "skipped: mounting a small tmpfs needs root; FullDiskTests injects the failure instead")
    )
    func fullDisk() async throws {
        let folder = try TemporaryDirectory()
        let data = try await smallDisk(folder.file("data"), size: "256k", home: folder.path)
        defer { umount2(data, Int32(MNT_DETACH)) }

        let key = try GatewayKey.fresh()
        let backend = try await RunningBackend.start(key: key)
        let cli = try CLI(backend: backend, key: key, dataDirectory: data)
        #expect(try await cli.run(["login", "--username", "emilys", "--password-stdin"], input: "emilyspass\n").status == 0)
        #expect(try await cli.run(["search", "phone"]).status == 0)
        let before = try snapshot(data)
        #expect(before.keys.contains { $0.hasSuffix("session.json") }, "\(before.keys)")

        try await fill(data, home: folder.path)
        // Private, as every file in a data folder must be, or start-up refuses it first.
        #expect(chmod("\(data)/filler", 0o600) == 0)

        let login = try await cli.run(["login", "--username", "emilys", "--password-stdin"], input: "emilyspass\n")
        #expect(login.status == 73, "\(login.everything)")
        #expect(login.standardError.contains("The session could not be written"), "\(login.standardError)")
        #expect(login.standardError.contains("No space left on device"), "\(login.standardError)")
        #expect(try snapshot(data) == before, "login on a full disk changed the data folder")

        let search = try await cli.run(["search", "laptop", "--verbose"])
        #expect(search.status == 0, "\(search.everything)")
        #expect(search.standardError.contains("not stored: the cache could not be written"), "\(search.standardError)")
        #expect(try snapshot(data) == before, "search on a full disk changed the data folder")

        let logout = try await cli.run(["logout"])
        #expect(logout.status == 0, "\(logout.everything)")
        #expect(try snapshot(data).keys.allSatisfy { !$0.hasSuffix("session.json") })
        await backend.stop()
    }

    @Test(
        "demo on a full disk: the gateway key cannot be written, a sentence and 73, as serve says it",
        .enabled(if: geteuid() == 0, "skipped: mounting a small tmpfs needs root")
    )
    func demoOnAFullDisk() async throws {
        let folder = try TemporaryDirectory()
        let temporary = try await smallDisk(folder.file("tmp"), size: "64k", home: folder.path)
        defer { umount2(temporary, Int32(MNT_DETACH)) }
        try await fill(temporary, home: folder.path)
        // The demo keeps its throw-away data folder, key included, under TMPDIR.
        var cli = try CLI(backend: nil, key: nil)
        cli.environment["TMPDIR"] = temporary

        let demo = try await cli.run(["demo"])
        let json = try await cli.run(["demo", "--json"])

        #expect(demo.status == 73, "\(demo.everything)")
        #expect(demo.standardError.contains("The gateway key could not be written ("), "\(demo.standardError)")
        #expect(demo.standardError.contains("No space left on device"), "\(demo.standardError)")
        // The demo takes no --data-dir: its folder is under TMPDIR, so that is the advice.
        #expect(demo.standardError.contains("Free some space on that disk, or set TMPDIR to a folder on another disk."), "\(demo.standardError)")
        #expect(!demo.standardError.contains("--data-dir"), "\(demo.standardError)")
        #expect(json.status == 73)
        #expect(json.standardError.contains(#""code":"cannot-write""#), "\(json.standardError)")
    }
}
