import Foundation
import Infrastructure
import TestSupport
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// `storefront serve` refused at start (78): a key file, a database file or password
/// file others can read, a port that is taken, a database URI it cannot read or use. Each
/// with a sentence that says what to do, nothing changed, and no password shown. A
/// server that starts where it should refuse is stopped as soon as it says where it
/// listens (`runServe`).
@Suite("serve refused at start: its files, its port, its database", .serialized, .timeLimit(.minutes(1)), .stopsItsBackends)
struct ServeStartupRefusalTests {
    @Test("serve with an unusable key file exits 78 instead of starting with a fresh key")
    func serveBadKeyFile() async throws {
        let folder = try TemporaryDirectory()
        try PrivateFiles.writeAtomically(Array("not a key\n".utf8), to: folder.file("key"))
        let cli = try CLI(backend: nil, key: nil, dataDirectory: folder.path)

        let result = try await cli.runServe(["serve", "--port", "0", "--gateway-key-file", folder.file("key")])

        #expect(result.status == 78, "\(result.everything)")
        #expect(result.standardError.contains("The key file \(folder.file("key")) is not usable"))
    }

    @Test("serve with a database file, or its -wal or -journal, that others may read or write is refused: 78, naming the chmod; nothing is changed", arguments: [
        ("backend.sqlite", 0o666), ("backend.sqlite", 0o644), ("backend.sqlite-wal", 0o664), ("backend.sqlite-journal", 0o644),
    ] as [(String, Int)])
    func looseDatabaseFile(name: String, mode: Int) async throws {
        let folder = try TemporaryDirectory()
        let loose = folder.file(name)
        try PrivateFiles.writeAtomically([], to: loose)
        try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: loose)
        let cli = try CLI(backend: nil, key: nil, dataDirectory: folder.path)

        let result = try await cli.runServe(["serve", "--plain", "--port", "0", "--data-dir", folder.path])

        #expect(result.status == 78, "\(result.everything)")
        #expect(result.standardError.contains("chmod 600 \(loose)"), "\(result.standardError)")
        #expect(try FileManager.default.attributesOfItem(atPath: loose)[.posixPermissions] as? Int == mode)
    }

    /// A folder another user can add a file to is where they would leave a hot journal,
    /// which SQLite plays back as it opens the database: refused before it does.
    @Test("serve with its database in a folder others can write, sticky or not, is refused before SQLite reads it: 78, naming the folder", arguments: [
        0o777, 0o1777, 0o770,
    ])
    func folderOthersCanWrite(mode: Int) async throws {
        let folder = try TemporaryDirectory()
        let shared = folder.file("shared")
        try FileManager.default.createDirectory(atPath: shared, withIntermediateDirectories: false)
        #expect(chmod(shared, mode_t(mode)) == 0)
        try Data("a journal someone else left\n".utf8).write(to: URL(fileURLWithPath: shared + "/backend.sqlite-journal"))
        let cli = try CLI(backend: nil, key: nil, dataDirectory: folder.path)

        let result = try await cli.runServe(["serve", "--plain", "--port", "0", "--database", "sqlite:" + shared + "/backend.sqlite"])

        #expect(result.status == 78, "\(result.everything)")
        #expect(result.standardError.contains("the folder \(shared) can be written by other users"), "\(result.standardError)")
        #expect(!FileManager.default.fileExists(atPath: shared + "/backend.sqlite"), "the database was made")
    }

    /// What another user leaves beside a database, in a folder they can reach: as root,
    /// the test gives each file to `nobody`.
    @Test("serve with a -journal, -wal or -shm another user owns is refused: 78, naming the file", .enabled(if: getuid() == 0, "only root can give a file to another user"), arguments: [
        "backend.sqlite-journal", "backend.sqlite-wal", "backend.sqlite-shm",
    ])
    func companionOfAnotherUser(name: String) async throws {
        let folder = try TemporaryDirectory()
        let planted = folder.file(name)
        try PrivateFiles.writeAtomically([], to: planted)
        #expect(chown(planted, 65_534, 65_534) == 0)
        let cli = try CLI(backend: nil, key: nil, dataDirectory: folder.path)

        let result = try await cli.runServe(["serve", "--plain", "--port", "0", "--data-dir", folder.path])

        #expect(result.status == 78, "\(result.everything)")
        #expect(result.standardError.contains("\(planted) belongs to another user"), "\(result.standardError)")
    }

    @Test("serve on a port that is taken fails to start: 78, naming the address")
    func servePortTaken() async throws {
        let occupant = try LoopbackHTTPServer { _ in .hang }
        defer { occupant.stop() }
        let cli = try CLI(backend: nil, key: nil)

        let result = try await cli.runServe(["serve", "--plain", "--port", String(occupant.port)])

        #expect(result.status == 78, "\(result.everything)")
        #expect(result.standardError.contains("127.0.0.1:\(occupant.port)"))
    }

    @Test("serve with a database it cannot read or reach fails to start: 78, one sentence naming it, never its password")
    func serveUnusableDatabase() async throws {
        let refusing = try RefusingPort()
        var cli = try CLI(backend: nil, key: nil)
        let serve = ["serve", "--plain", "--port", "0"]

        var unreadable: [CLI.Result] = []
        var asJSON: [CLI.Result] = []
        for uri in ["mysql://app:hunter2@db/store", "postgres://app:hun#ter2@db/store", "host=db user=app password=hunter2 dbname=store"] {
            cli.environment["STOREFRONT_DATABASE"] = uri
            unreadable.append(try await cli.runServe(serve))
            asJSON.append(try await cli.runServe(serve + ["--json"]))
        }
        cli.environment["STOREFRONT_DATABASE"] = "postgres://app:hunter2@127.0.0.1:\(refusing.port)/store"
        let unreachable = try await cli.runServe(serve)
        cli.environment["STOREFRONT_DATABASE"] = nil
        let inArguments = try await cli.runServe(serve + ["--database", "postgres://app:hunter2@127.0.0.1:\(refusing.port)/store"])

        #expect(unreadable.map(\.status) == [78, 78, 78], "\(unreadable.map(\.everything))")
        #expect(unreadable[0].standardError.contains("STOREFRONT_DATABASE cannot be used: it names no database the backend keeps; give sqlite:/path/to/file or postgres://user@host:port/name."), "\(unreadable[0].everything)")
        #expect(unreadable[1].standardError.contains("percent-encode"), "\(unreadable[1].everything)")
        #expect(unreachable.status == 78, "\(unreachable.everything)")
        #expect(unreachable.standardError == "storefront: The backend cannot start: the database at postgres://app@127.0.0.1:\(refusing.port)/store "
            + "cannot be used: the database could not be reached, or did not answer, within 5.0 seconds.\n", "\(unreachable.everything)")
        #expect(inArguments.status == 78, "\(inArguments.everything)")
        #expect(inArguments.standardError.contains("--database carries a password, which every local user can read in the process list"))
        #expect(asJSON.map(\.status) == [78, 78, 78], "\(asJSON.map(\.everything))")
        for result in unreadable + asJSON + [unreachable, inArguments] {
            #expect(!result.everything.contains("hunter2") && !result.everything.contains("ter2"), "\(result.everything)")
        }
    }

    @Test("a database password file others can read, or one that is missing, is refused: 78, naming it; the password never shown")
    func loosePasswordFile() async throws {
        let folder = try TemporaryDirectory()
        let file = folder.file("db-password")
        try PrivateFiles.writeAtomically(Array("hunter2\n".utf8), to: file)
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: file)
        var cli = try CLI(backend: nil, key: nil)
        cli.environment["STOREFRONT_DATABASE"] = "postgres://app@127.0.0.1:9/store"
        cli.environment["STOREFRONT_DATABASE_PASSWORD_FILE"] = file
        let loose = try await cli.runServe(["serve", "--plain", "--port", "0"])
        cli.environment["STOREFRONT_DATABASE_PASSWORD_FILE"] = folder.file("absent")
        let missing = try await cli.runServe(["serve", "--plain", "--port", "0"])

        #expect(loose.status == 78, "\(loose.everything)")
        #expect(loose.standardError.contains("chmod 600 \(file)"), "\(loose.everything)")
        #expect(missing.status == 78, "\(missing.everything)")
        #expect(missing.standardError.contains("\(folder.file("absent")), which does not exist"), "\(missing.everything)")
        #expect(!loose.everything.contains("hunter2") && !missing.everything.contains("hunter2"))
    }

    /// A FIFO opens only once someone writes to it: read as a file, it would hold the start.
    @Test("a FIFO given as the database password file is refused at once: 78, no regular file")
    func passwordFileFIFO() async throws {
        let folder = try TemporaryDirectory()
        let fifo = folder.file("db-password")
        #expect(mkfifo(fifo, 0o600) == 0)
        var cli = try CLI(backend: nil, key: nil)
        cli.environment["STOREFRONT_DATABASE"] = "postgres://app@127.0.0.1:9/store"
        cli.environment["STOREFRONT_DATABASE_PASSWORD_FILE"] = fifo

        let result = try await cli.runServe(["serve", "--plain", "--port", "0"])

        #expect(result.status == 78, "\(result.everything)")
        #expect(result.standardError.contains("\(fifo) is not a regular file"), "\(result.everything)")
    }
}

extension CLI {
    /// Runs `storefront serve …`, which these tests expect to refuse, to its end. A server
    /// that starts instead says where it listens (the first line, or the `url` of the
    /// `--json` document), and is stopped then: the regression fails its test at once,
    /// not at the time limit. Both outputs are read as they come, so neither pipe fills.
    func runServe(_ arguments: [String]) async throws -> Result {
        let process = Process()
        process.executableURL = try Self.executable()
        process.arguments = arguments
        process.environment = environment
        let output = Pipe()
        let errors = Pipe()
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = output
        process.standardError = errors
        async let status = process.runUntilExit()
        async let standardError = runOffPool { errors.fileHandleForReading.readDataToEndOfFile() }
        let standardOutput = try await runOffPool { () -> Data in
            var received = Data()
            var stopped = false
            while true {
                let chunk = output.fileHandleForReading.availableData
                if chunk.isEmpty { return received }
                received += chunk
                let text = String(decoding: received, as: UTF8.self)
                if !stopped, text.hasPrefix("http") || text.contains(#""url""#) {
                    stopped = true
                    process.terminate()
                }
            }
        }
        return Result(
            status: try await status,
            standardOutput: String(decoding: standardOutput, as: UTF8.self),
            standardError: String(decoding: try await standardError, as: UTF8.self)
        )
    }
}
