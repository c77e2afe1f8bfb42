import Foundation
import Infrastructure
import TestSupport
import Testing

/// What is refused before any request: usage errors (64) and an unusable start-up
/// (78: loose files, bad keys, credentials in the address; `serve`'s own are
/// `ServeStartupRefusalTests`), each with a sentence that says what to do and nothing
/// changed.
@Suite("Refused at start: usage and configuration", .serialized, .timeLimit(.minutes(5)), .stopsItsBackends)
struct StartupRefusalTests {
    @Test("usage errors exit 64 before anything is touched", arguments: [
        ["search", "phone", "--limit", "0"], ["search", "   "], ["search", "phone", "--page", "0"],
        ["login", "--username", "emilys", "--password", "emilyspass"], ["search"], ["frobnicate"],
        ["search", "phone", "--base-url", "ftp://example.invalid"], ["whoami", "--session-store", "vault"],
        ["demo", "--session-store", "vault"], ["serve", "--replay-capacity", "0"],
    ])
    func usageErrors(arguments: [String]) async throws {
        let folder = try TemporaryDirectory()
        let cli = try CLI(backend: nil, key: nil, dataDirectory: folder.file("data"))

        let result = try await cli.run(arguments)

        #expect(result.status == 64, "\(result.everything)")
        #expect(result.standardOutput.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: folder.file("data")))
    }

    @Test("a session file others can read is refused with exit 78 and the chmod that fixes it")
    func looseSessionFile() async throws {
        let (_, cli, _) = try await CLI.signedIn()
        let session = cli.dataDirectory + "/session.json"
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: session)

        let whoami = try await cli.run(["whoami"])

        #expect(whoami.status == 78)
        #expect(whoami.standardError.contains("chmod 600 \(session)"))
    }

    /// Others reach a cache file through a folder they can search: loosened both, it is
    /// refused. (A loose file in a private folder is reachable by no one else: not read,
    /// and replaced by the next answer, `OwnedFilesRuleTests`.)
    @Test("a cache file others can read, in a folder they can search, is refused with exit 78 and its chmod; nothing is changed", arguments: [0o644, 0o604, 0o640])
    func looseCacheFile(mode: Int) async throws {
        let (_, cli, _) = try await CLI.signedIn()
        #expect(try await cli.run(["search", "phone"]).status == 0)
        // Whichever file the cache keeps, at whatever depth: the rule is the stores' own
        // (each names its folders), so this holds for any store the App is given.
        let cacheFolder = cli.dataDirectory + "/cache"
        let files = (FileManager.default.subpaths(atPath: cacheFolder) ?? []).sorted().filter { name in
            (try? FileManager.default.attributesOfItem(atPath: cacheFolder + "/" + name)[.type] as? FileAttributeType) == .typeRegular
        }
        let loose = cacheFolder + "/" + (try #require(files.first))
        try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: loose)
        let folder = (loose as NSString).deletingLastPathComponent
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder)
        let before = try Self.snapshot(of: cli.dataDirectory)

        let search = try await cli.run(["search", "phone", "--json"])

        #expect(search.status == 78, "\(search.everything)")
        #expect(search.standardOutput.isEmpty)
        #expect(search.standardError.contains("chmod 600 \(loose)"), "\(search.standardError)")
        #expect(try Self.snapshot(of: cli.dataDirectory) == before, "a file in the data folder changed")
    }

    /// Every file under `folder` with its bytes, to show that a refusal changed nothing.
    static func snapshot(of folder: String) throws -> [String: Data] {
        var files: [String: Data] = [:]
        for name in FileManager.default.subpaths(atPath: folder) ?? [] {
            var isDirectory: ObjCBool = false
            let path = folder + "/" + name
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue else { continue }
            files[name] = try Data(contentsOf: URL(fileURLWithPath: path))
        }
        return files
    }

    @Test("a version 2 payload key, in the variable or a file, is refused with what replaces it; its retired option is unknown")
    func versionTwoKeys() async throws {
        let folder = try TemporaryDirectory()
        let jwk = #"{"kty":"oct","kid":"20261125-9f3a1c","alg":"A256GCM","k":"c2VjcmV0LWJ1dC10b28tc2hvcnQc2VjcmV0LWJ1dC1"}"#
        try PrivateFiles.writeAtomically(Array(jwk.utf8), to: folder.file("payload-key.jwk"))
        var variable = try CLI(backend: nil, key: nil)
        variable.environment["STOREFRONT_PAYLOAD_KEY"] = jwk

        let fromVariable = try await variable.run(["whoami"])
        let fromFile = try await CLI(backend: nil, key: nil).run(["whoami", "--ohttp-keys-file", folder.file("payload-key.jwk")])
        let fromOption = try await CLI(backend: nil, key: nil).run(["whoami", "--payload-key-file", folder.file("payload-key.jwk")])

        for result in [fromVariable, fromFile] {
            #expect(result.status == 78, "\(result.everything)")
            #expect(result.standardError.contains("Oblivious HTTP replaces"), "\(result.everything)")
            #expect(!result.standardError.contains("c2VjcmV0"))
        }
        #expect(fromOption.status == 64, "\(fromOption.everything)")
        #expect(fromOption.standardError.contains("--payload-key-file"), "\(fromOption.everything)")
    }

    @Test("a key configuration others can change, or one that never ends, is refused at once: 78, naming the file")
    func looseOrEndlessKeyFile() async throws {
        let folder = try TemporaryDirectory()
        let key = try GatewayKey.fresh()
        let loosened = folder.file("ohttp-keys")
        try FileManager.default.copyItem(atPath: key.configurationFile, toPath: loosened)
        try FileManager.default.setAttributes([.posixPermissions: 0o666], ofItemAtPath: loosened)
        let readable = folder.file("readable-ohttp-keys")
        try FileManager.default.copyItem(atPath: key.configurationFile, toPath: readable)
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: readable)
        let cli = try CLI(backend: nil, key: nil)

        let loose = try await cli.run(["whoami", "--ohttp-keys-file", loosened])
        let endless = try await cli.run(["whoami", "--ohttp-keys-file", "/dev/zero"])
        let publicCopy = try await cli.run(["whoami", "--ohttp-keys-file", readable])

        #expect(loose.status == 78, "\(loose.everything)")
        #expect(loose.standardError.contains("chmod go-w \(loosened)"))
        #expect(endless.status == 78, "\(endless.everything)")
        #expect(endless.standardError.contains("/dev/zero"))
        // Public: a copy anyone may read is fine (not signed in is the answer, 77).
        #expect(publicCopy.status == 77, "\(publicCopy.everything)")
    }

    /// Before, login asked for the password first and refused the settings after it was
    /// typed: the prompt waited for ever here, and the test ran out its bounded waits.
    @Test(
        "login on a terminal refuses a loosened key configuration or session file before it asks for the password",
        .enabled(if: PseudoTerminal.canRun, PseudoTerminal.skipped),
        arguments: ["key", "session"]
    )
    func refusedBeforePrompt(loose: String) async throws {
        let folder = try TemporaryDirectory()
        let keyFile = folder.file("ohttp-keys")
        let key = try GatewayKey.fresh()
        try FileManager.default.copyItem(atPath: key.configurationFile, toPath: keyFile)
        let cli = try CLI(backend: nil, key: nil, dataDirectory: folder.file("data"))
        try PrivateFiles.createDirectory(at: cli.dataDirectory)
        let sessionFile = cli.dataDirectory + "/session.json"
        try PrivateFiles.writeAtomically(Array(#"{"accessToken":"a","refreshToken":"r","userID":1}"#.utf8), to: sessionFile)
        let looseFile = loose == "key" ? keyFile : sessionFile
        try FileManager.default.setAttributes([.posixPermissions: loose == "key" ? 0o666 : 0o644], ofItemAtPath: looseFile)
        let terminal = try PseudoTerminal()
        defer { terminal.close() }

        let child = try TerminalChild(
            cli: cli, arguments: ["login", "--username", "emilys", "--ohttp-keys-file", keyFile], terminal: terminal
        )

        #expect(await terminal.waitFor(loose == "key" ? "chmod go-w \(looseFile)" : "chmod 600 \(looseFile)"), "\(terminal.screen)")
        #expect(await child.exit() == .exited(78), "\(terminal.screen)")
        let screen = await terminal.finalScreen()
        #expect(!screen.contains("Password for"), "the password was asked for first: \(screen)")
    }

    @Test("a backend address with a user or password in it is refused, and never echoed")
    func credentialsInBaseURL() async throws {
        var cli = try CLI(backend: nil, key: nil)

        let option = try await cli.run(["whoami", "--base-url", "http://someone:hunter2@127.0.0.1:9"])
        cli.environment["STOREFRONT_BASE_URL"] = "http://someone:hunter2@127.0.0.1:9"
        let variable = try await cli.run(["whoami", "--verbose"])

        #expect(option.status == 64, "\(option.everything)")
        #expect(variable.status == 78, "\(variable.everything)")
        #expect(!option.everything.contains("hunter2") && !variable.everything.contains("hunter2"))
        #expect(try FileManager.default.subpathsOfDirectory(atPath: cli.dataDirectory).allSatisfy { !$0.hasSuffix(".json") })
    }

    /// The client's own guard, read from the client itself: `storefront login` waiting
    /// at its password prompt (by then main() has run, and a password is about to be
    /// in memory). Started with the hard limit raised where the runner may, so a client
    /// that forgot its guard would show a limit above 0 here. (`storefront serve` execs
    /// the server, which sets its own; BundledServerTests checks that one.)
    @Test(
        "storefront itself forbids core files: at its password prompt, soft and hard limits are 0",
        .enabled(if: PseudoTerminal.canRun, PseudoTerminal.skipped)
    )
    func noCoreDumps() async throws {
        let cli = try CLI(backend: nil, key: nil)
        let terminal = try PseudoTerminal()
        defer { terminal.close() }

        // The child inherits the limit at fork: raise ours only around the start.
        var limit = rlimit()
        getrlimit(RLIMIT_CORE_LIMIT, &limit)
        let original = limit
        if geteuid() == 0 { limit.rlim_max = rlim_t.max } // RLIM_INFINITY, which Swift reads as -1
        limit.rlim_cur = limit.rlim_max
        setrlimit(RLIMIT_CORE_LIMIT, &limit)
        let child = try TerminalChild(cli: cli, arguments: ["login", "--username", "emilys"], terminal: terminal)
        var restored = original
        setrlimit(RLIMIT_CORE_LIMIT, &restored)
        try #require(limit.rlim_max > 0, "the runner's hard core limit is 0 and cannot be raised: this test could not fail here")

        #expect(await terminal.waitFor("Password for emilys: "), "\(terminal.screen)")
        let limits = try String(contentsOfFile: "/proc/\(child.process.processIdentifier)/limits", encoding: .utf8)
        let core = limits.split(separator: "\n").first { $0.hasPrefix("Max core file size") }.map(String.init) ?? ""
        #expect(core.split(separator: " ").dropFirst(4).prefix(2) == ["0", "0"], "\(core)")
        #expect(await child.send(SIGTERM) == .signalled(SIGTERM))
    }

    @Test("with --json a usage error is the JSON error object too: 64, nothing on standard output", arguments: [
        (["search", "phone", "--limit", "0", "--json"], "usage"),
        (["search", "phone", "--json", "--no-such-option"], "usage"),
        (["whoami", "--json", "--pin", "md5/abc"], "usage"),
        (["login", "--username", "emilys", "--json"], "usage"), // no terminal to ask on
        (["login", "--username", "emilys", "--password-stdin", "--json"], "usage"), // nothing on stdin
    ])
    func jsonUsageErrors(arguments: [String], code: String) async throws {
        let result = try await CLI(backend: nil, key: nil).run(arguments)

        #expect(result.status == 64, "\(result.everything)")
        #expect(result.standardOutput.isEmpty)
        let last = try #require(result.standardError.split(separator: "\n").last)
        let document = try JSONSerialization.jsonObject(with: Data(last.utf8)) as? [String: [String: String]]
        #expect(document?["error"]?["code"] == code, "\(last)")
        #expect(document?["error"]?["message"]?.isEmpty == false)
    }

    @Test("a cache 'folder' that is a file is refused at start-up (78), not silently turned off")
    func cacheFolderIsAFile() async throws {
        let cli = try CLI(backend: nil, key: nil)
        try PrivateFiles.writeAtomically(Array("not a folder".utf8), to: cli.dataDirectory + "/cache")

        let result = try await cli.run(["whoami"])

        #expect(result.status == 78, "\(result.everything)")
        #expect(result.standardError.contains(cli.dataDirectory + "/cache"))
    }
}

/// Glibc imports RLIMIT_CORE as an enum case on some toolchains and an Int32 on others.
private let RLIMIT_CORE_LIMIT = __rlimit_resource_t(RLIMIT_CORE.rawValue)
