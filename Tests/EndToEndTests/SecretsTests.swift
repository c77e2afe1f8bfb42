import Foundation
import Infrastructure
import TestSupport
import Testing

@Suite("No secret leaks", .serialized, .timeLimit(.minutes(5)), .stopsItsBackends)
struct SecretsTests {
    @Test("with --verbose, no password, token or key appears in any output, nor in any data file but the session file", arguments: ClientSessionStore.usable)
    func noSecretsAnywhere(store: ClientSessionStore) async throws {
        let key = try GatewayKey.fresh()
        let backend = try await RunningBackend.start(key: key)
        let folder = try TemporaryDirectory()
        let cli = try CLI(backend: backend, key: key, dataDirectory: folder.path, sessionStore: store)

        var results = [try await cli.run(["login", "--username", "emilys", "--password-stdin", "--verbose"], input: "emilyspass\n")]
        let sessionText = try #require(try await cli.storedSession())
        let session = try #require(try JSONSerialization.jsonObject(with: Data(sessionText.utf8)) as? [String: Any])
        let tokens = [session["accessToken"], session["refreshToken"]].compactMap { $0 as? String }
        for arguments in [["whoami"], ["search", "phone"], ["search", "phone", "--json"], ["whoami", "--json"]] {
            results.append(try await cli.run(arguments + ["--verbose"]))
        }
        await backend.stop()
        results.append(try await cli.run(["search", "phone", "--verbose"]))
        results.append(try await cli.run(["login", "--username", "emilys", "--password-stdin", "--verbose"], input: "emilyspass\n"))

        let secrets = ["emilyspass"] + key.secretTexts + tokens
        #expect(tokens.count == 2)
        for result in results {
            for secret in secrets {
                #expect(!result.everything.contains(secret), "a secret leaked into: \(result.everything)")
            }
        }
        let files = FileManager.default.enumerator(atPath: folder.path)?.compactMap { $0 as? String } ?? []
        // With the keyring, no file may hold a token, and there is no session file.
        #expect(files.contains("session.json") == (store == .file), "\(files)")
        for file in files where file != "session.json" {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: folder.file(file), isDirectory: &isDirectory), !isDirectory.boolValue else { continue }
            // Bytes, not text: a store of any kind may keep binary files (a database, an
            // index), and a secret inside one is still a secret.
            let contents = try [UInt8](Data(contentsOf: URL(fileURLWithPath: folder.file(file))))
            for secret in secrets {
                #expect(!Self.holds(contents, Array(secret.utf8)), "\(file) holds a secret")
            }
        }
        #expect(files.contains { $0.hasPrefix("cache/") })
    }

    /// Whether `needle` occurs in `haystack`, byte for byte.
    static func holds(_ haystack: [UInt8], _ needle: [UInt8]) -> Bool {
        guard !needle.isEmpty, haystack.count >= needle.count else { return needle.isEmpty }
        return (0...(haystack.count - needle.count)).contains { haystack[$0..<($0 + needle.count)].elementsEqual(needle) }
    }
}
