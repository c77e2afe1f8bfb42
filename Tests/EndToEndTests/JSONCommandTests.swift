import Foundation
import TestSupport
import Testing

/// `--json` on the commands that are not the client's: `demo` and `serve` write one
/// JSON document on standard output too, for scripts that start them.
@Suite("--json on demo and serve", .timeLimit(.minutes(5)))
struct JSONCommandTests {
    @Test("demo --json is one document: the backend, each step with its outcome and time")
    func demo() async throws {
        let result = try await CLI(backend: nil, key: nil).run(["demo", "--json"])

        #expect(result.status == 0, "\(result.everything)")
        let lines = result.standardOutput.split(separator: "\n")
        #expect(lines.count == 1, "\(result.standardOutput)")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
        #expect(document["succeeded"] as? Bool == true)
        #expect((document["backend"] as? String)?.hasPrefix("http://127.0.0.1:") == true)
        let steps = try #require(document["steps"] as? [[String: Any]])
        #expect(steps.count == 10)
        #expect(steps.allSatisfy { $0["succeeded"] as? Bool == true && $0["milliseconds"] is Int && $0["title"] is String })
        #expect(steps.last?["title"] as? String == "Log out")
    }

    @Test("serve --json says where it listens, how it seals and where the key is, as its first line", arguments: [true, false])
    func serve(plain: Bool) async throws {
        let folder = try TemporaryDirectory()
        let serve = try await ServeProcess(["--json", "--port", "0", "--data-dir", folder.path] + (plain ? ["--plain"] : []))
        defer { withExtendedLifetime(serve) {} }

        let document = try #require(try JSONSerialization.jsonObject(with: Data(serve.firstLine.utf8)) as? [String: Any], "\(serve.firstLine)")
        #expect((document["url"] as? String)?.hasPrefix("http://127.0.0.1:") == true)
        #expect(document["mode"] as? String == (plain ? "plain" : "sealed"))
        #expect(document["store"] as? String == "sqlite")
        let database = try #require(document["database"] as? String)
        #expect(database.hasPrefix(folder.path) && FileManager.default.fileExists(atPath: database))
        if plain {
            #expect(document["keyFile"] is NSNull)
        } else {
            let keyFile = try #require(document["keyFile"] as? String)
            #expect(keyFile.hasPrefix(folder.path) && FileManager.default.fileExists(atPath: keyFile))
        }
    }

    @Test("serve --database sqlite:FILE keeps its state in that file, made private, and none in the data folder")
    func serveOnNamedSQLiteFile() async throws {
        let folder = try TemporaryDirectory()
        let elsewhere = try TemporaryDirectory()
        let file = elsewhere.file("state.sqlite")
        let serve = try await ServeProcess(["--json", "--plain", "--port", "0", "--data-dir", folder.path, "--database", "sqlite:" + file])
        defer { withExtendedLifetime(serve) {} }

        let document = try #require(try JSONSerialization.jsonObject(with: Data(serve.firstLine.utf8)) as? [String: Any], "\(serve.firstLine)")
        #expect(document["store"] as? String == "sqlite")
        #expect(document["database"] as? String == file)
        #expect(try FileManager.default.attributesOfItem(atPath: file)[.posixPermissions] as? Int == 0o600)
        #expect(!FileManager.default.fileExists(atPath: folder.file("backend.sqlite")))
    }

    /// The server words its errors itself (it links no client layer): held here to the
    /// error line and document CLI.md sets for every command, as the client's are.
    @Test("serve's start-up failures are CLI.md's error line, or its error document with --json", arguments: [false, true])
    func serveFailures(json: Bool) async throws {
        let folder = try TemporaryDirectory()
        let blocked = folder.file("blocked")
        try Data("not a folder".utf8).write(to: URL(fileURLWithPath: blocked))
        let cli = try CLI(backend: nil, key: nil, dataDirectory: folder.path)
        let flag = json ? ["--json"] : []

        let missing = try await cli.run(["serve", "--port", "0", "--gateway-key-file", folder.file("none.jwks")] + flag)
        let unwritable = try await cli.run(["serve", "--port", "0", "--data-dir", blocked + "/keys"] + flag)

        for (result, status, code) in [(missing, Int32(78), "configuration"), (unwritable, 73, "cannot-write")] {
            #expect(result.status == status, "\(result.everything)")
            #expect(result.standardOutput.isEmpty, "\(result.everything)")
            let last = try #require(result.standardError.split(separator: "\n").last.map(String.init))
            if json {
                let document = try JSONSerialization.jsonObject(with: Data(last.utf8)) as? [String: [String: String]]
                #expect(document?["error"]?["code"] == code, "\(last)")
                #expect(document?["error"]?["message"]?.isEmpty == false, "\(last)")
            } else {
                #expect(last.hasPrefix("storefront: "), "\(last)")
            }
        }
        #expect(missing.standardError.contains("none.jwks"), "\(missing.everything)")
        #expect(unwritable.standardError.contains("The gateway key could not be written"), "\(unwritable.everything)")
    }

    /// `serve` execs `storefront-server` from beside itself; with none there, the client
    /// says so itself, in the same line and document, with the failure's own code.
    @Test("serve with no storefront-server beside it: 78, its sentence, or its error document", arguments: [false, true])
    func serveWithoutServer(json: Bool) async throws {
        let folder = try TemporaryDirectory()
        // Not a symbolic link: the program finds its own path through /proc/self/exe,
        // which would resolve it back to .build. A hard link where it can be made, a copy
        // where the folder is on another file system (a tmpfs /tmp).
        let alone = folder.file("storefront")
        let built = try CLI.executable().path
        if link(built, alone) != 0 {
            try FileManager.default.copyItem(atPath: built, toPath: alone)
        }
        let cli = try CLI(backend: nil, key: nil, dataDirectory: folder.path)

        let result = try await cli.run(program: alone, ["serve", "--port", "0"] + (json ? ["--json"] : []))

        #expect(result.status == 78, "\(result.everything)")
        #expect(result.standardOutput.isEmpty, "\(result.everything)")
        let sentence = "The bundled backend \(folder.file("storefront-server")) is missing or cannot run"
        if json {
            let document = try JSONSerialization.jsonObject(with: Data(result.standardError.utf8)) as? [String: [String: String]]
            #expect(document?["error"]?["code"] == "configuration", "\(result.everything)")
            #expect(document?["error"]?["message"]?.hasPrefix(sentence) == true, "\(result.everything)")
        } else {
            #expect(result.standardError.hasPrefix("storefront: " + sentence), "\(result.everything)")
        }
    }
}
