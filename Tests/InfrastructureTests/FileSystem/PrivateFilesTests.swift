import Foundation
import Infrastructure
import TestSupport
import Testing

@Suite("PrivateFiles", .timeLimit(.minutes(1)))
struct PrivateFilesTests {
    @Test("creates nested folders 0700 and files 0600, and reads back what it wrote")
    func roundTrip() throws {
        let temporary = try TemporaryDirectory()
        let folder = temporary.file("state/storefront")
        try PrivateFiles.createDirectory(at: folder)
        let file = (folder as NSString).appendingPathComponent("session.json")

        try PrivateFiles.writeAtomically(Array("hello".utf8), to: file)

        #expect(try permissions(of: temporary.file("state")) == 0o700)
        #expect(try permissions(of: folder) == 0o700)
        #expect(try permissions(of: file) == 0o600)
        #expect(try PrivateFiles.read(at: file) == Array("hello".utf8))
    }

    @Test("the file is 0600 even under a permissive umask, and no temporary file is left behind")
    func modeDoesNotDependOnUmask() throws {
        let temporary = try TemporaryDirectory()
        let file = temporary.file("secret")
        let previous = umask(0)
        defer { umask(previous) }

        try PrivateFiles.writeAtomically([1, 2, 3], to: file)
        try PrivateFiles.writeAtomically([4, 5], to: file)

        #expect(try permissions(of: file) == 0o600)
        #expect(try PrivateFiles.read(at: file) == [4, 5])
        #expect(try FileManager.default.contentsOfDirectory(atPath: temporary.path) == ["secret"])
    }

    @Test("create makes an empty 0600 file when none is there, and leaves one that is there as it was")
    func createsPrivateFile() throws {
        let temporary = try TemporaryDirectory()
        let file = temporary.file("backend.sqlite")
        let previous = umask(0)
        defer { umask(previous) }
        try PrivateFiles.create(at: file)
        #expect(try permissions(of: file) == 0o600)
        #expect(try PrivateFiles.read(at: file) == [])

        try PrivateFiles.writeAtomically([7, 8], to: file)
        try PrivateFiles.create(at: file)
        #expect(try PrivateFiles.read(at: file) == [7, 8])
    }

    @Test(
        "create and checkPrivate refuse an existing file others may read or write, naming the chmod; a missing companion passes",
        arguments: [0o666, 0o644, 0o604, 0o620] as [mode_t]
    )
    func refusesLooseExistingFile(mode: mode_t) throws {
        let temporary = try TemporaryDirectory()
        let file = temporary.file("backend.sqlite")
        try PrivateFiles.writeAtomically([7], to: file)
        #expect(chmod(file, mode) == 0)
        #expect(throws: FileSystemError.tooPermissive(path: file, mode: UInt32(S_IFREG) | UInt32(mode))) { try PrivateFiles.create(at: file) }
        #expect(throws: FileSystemError.tooPermissive(path: file, mode: UInt32(S_IFREG) | UInt32(mode))) {
            try PrivateFiles.checkPrivate(at: file)
        }
        try PrivateFiles.checkPrivate(at: temporary.file("backend.sqlite-wal"))
        #expect(chmod(file, 0o600) == 0)
        try PrivateFiles.create(at: file)
        try PrivateFiles.checkPrivate(at: file)
    }

    @Test("a missing file reads as nil and removing it twice is fine")
    func missingFile() throws {
        let temporary = try TemporaryDirectory()
        #expect(try PrivateFiles.read(at: temporary.file("absent")) == nil)
        try PrivateFiles.remove(at: temporary.file("absent"))
    }

    @Test("checking a folder refuses its first loose file, and passes private files, folders and a missing folder")
    func checksEveryFileInFolder() throws {
        let temporary = try TemporaryDirectory()
        #expect(throws: Never.self) { try PrivateFiles.checkFiles(in: temporary.file("absent")) }
        try PrivateFiles.writeAtomically([1], to: temporary.file("a.json"))
        try PrivateFiles.createDirectory(at: temporary.file("cache"))
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: temporary.file("cache"))
        #expect(throws: Never.self) { try PrivateFiles.checkFiles(in: temporary.path) }

        try PrivateFiles.writeAtomically([2], to: temporary.file("b.json"))
        try FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: temporary.file("b.json"))

        #expect(throws: FileSystemError.tooPermissive(path: temporary.file("b.json"), mode: UInt32(0o100640))) {
            try PrivateFiles.checkFiles(in: temporary.path)
        }
    }

    /// Played as another user would: a folder they can search lets them open a loose
    /// file in it; a private one lets them open nothing, whatever a file's mode.
    @Test("a private folder's files are reachable by no one else, whatever their mode; any other folder's are checked one by one", arguments: [
        (0o700, 0o644, false), (0o700, 0o666, false), (0o755, 0o600, false),
        (0o755, 0o644, true), (0o711, 0o604, true), (0o750, 0o640, true), (0o701, 0o600, false),
    ] as [(Int, Int, Bool)])
    func checksWhatOthersCanReach(folderMode: Int, fileMode: Int, refused: Bool) throws {
        let temporary = try TemporaryDirectory()
        let folder = temporary.file("cache")
        try PrivateFiles.createDirectory(at: folder)
        let file = (folder as NSString).appendingPathComponent("a.json")
        try PrivateFiles.writeAtomically([1], to: file)
        try FileManager.default.setAttributes([.posixPermissions: fileMode], ofItemAtPath: file)
        try FileManager.default.setAttributes([.posixPermissions: folderMode], ofItemAtPath: folder)
        defer { try? FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: folder) }

        if refused {
            #expect(throws: FileSystemError.tooPermissive(path: file, mode: UInt32(0o100000 | fileMode))) {
                try PrivateFiles.checkReachableFiles(in: folder)
            }
        } else {
            #expect(throws: Never.self) { try PrivateFiles.checkReachableFiles(in: folder) }
        }
        #expect(throws: Never.self) { try PrivateFiles.checkReachableFiles(in: temporary.file("absent")) }
    }

    @Test("of several loose files the first by name is refused, whatever order the folder lists them in; a link is not followed")
    func refusesFirstLooseFileByName() throws {
        let temporary = try TemporaryDirectory()
        let folder = temporary.file("cache")
        try PrivateFiles.createDirectory(at: folder)
        let outside = temporary.file("outside.json")
        try PrivateFiles.writeAtomically([0], to: outside)
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: outside)
        try FileManager.default.createSymbolicLink(atPath: (folder as NSString).appendingPathComponent("0-link.json"), withDestinationPath: outside)
        #expect(throws: Never.self) { try PrivateFiles.checkFiles(in: folder) }

        // Written last, so a check that stopped at the first file the folder lists
        // would name another one nearly every time.
        for name in (1...12).map({ "z\($0).json" }) + ["b.json"] {
            let path = (folder as NSString).appendingPathComponent(name)
            try PrivateFiles.writeAtomically([1], to: path)
            try FileManager.default.setAttributes([.posixPermissions: 0o604], ofItemAtPath: path)
        }

        #expect(throws: FileSystemError.tooPermissive(path: (folder as NSString).appendingPathComponent("b.json"), mode: UInt32(0o100604))) {
            try PrivateFiles.checkFiles(in: folder)
        }
    }

    @Test("a file others can access is refused with the chmod that fixes it", arguments: [0o644, 0o640, 0o604, 0o660])
    func refusesLooseFile(mode: Int) throws {
        let temporary = try TemporaryDirectory()
        let file = temporary.file("session.json")
        try PrivateFiles.writeAtomically(Array("tokens".utf8), to: file)
        try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: file)

        let error = #expect(throws: FileSystemError.self) {
            _ = try PrivateFiles.read(at: file)
        }

        guard case .tooPermissive(let path, _) = error else {
            Issue.record("expected tooPermissive, got \(String(describing: error))")
            return
        }
        #expect(path == file)
        #expect(error?.description.contains("chmod 600 \(file)") == true)
        #expect(error?.description.contains("tokens") == false)
    }

    @Test("a symbolic link is not followed")
    func refusesSymlink() throws {
        let temporary = try TemporaryDirectory()
        try PrivateFiles.writeAtomically([1], to: temporary.file("real"))
        try FileManager.default.createSymbolicLink(atPath: temporary.file("link"), withDestinationPath: temporary.file("real"))

        #expect(throws: FileSystemError.self) {
            _ = try PrivateFiles.read(at: temporary.file("link"))
        }
    }

    @Test("writing into a missing folder fails with the path and leaves nothing behind")
    func writeFailure() throws {
        let temporary = try TemporaryDirectory()
        let error = #expect(throws: FileSystemError.self) {
            try PrivateFiles.writeAtomically([1], to: temporary.file("missing/file"))
        }
        #expect(error?.description.contains("No such file or directory") == true)
    }
}

@Suite("SHA256", .timeLimit(.minutes(1)))
struct SHA256Tests {
    @Test("matches the FIPS 180-2 examples")
    func knownAnswers() throws {
        #expect(try SHA256.hexDigest(of: []) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(try SHA256.hexDigest(of: Array("abc".utf8)) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    }
}
