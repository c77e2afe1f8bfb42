@testable import App
@testable import AppShared
import Foundation
import TestSupport
import Testing

@Suite("ClientSettings: options, environment and defaults", .timeLimit(.minutes(1)))
struct ClientSettingsTests {
    private func resolve(_ arguments: [String], _ environment: [String: String]) throws -> Result<ClientSettings, StartupFailure> {
        let options = try GlobalOptions.parse(arguments)
        return Result { () throws(StartupFailure) in 
            try ClientSettings.resolve(options, environment: environment)
        }
    }

    @Test("without options or variables: the default backend, plain mode, XDG folders under HOME")
    func defaults() throws {
        let home = try TemporaryDirectory()
        let settings = try resolve([], ["HOME": home.path]).get()

        #expect(settings.baseURL.absoluteString == "http://127.0.0.1:8080")
        #expect(settings.oblivious == nil)
        #expect(settings.stateDirectory == home.path + "/.local/state/storefront")
        #expect(settings.cacheDirectory == home.path + "/.cache/storefront")
        #expect(try permissions(of: settings.stateDirectory) == 0o700)
    }

    @Test("XDG variables move the folders; an option wins over its variable")
    func precedence() throws {
        let root = try TemporaryDirectory()
        let environment = [
            "HOME": root.path, "XDG_STATE_HOME": root.file("state"), "XDG_CACHE_HOME": root.file("cache"),
            "STOREFRONT_BASE_URL": "http://127.0.0.1:9999", "STOREFRONT_DATA_DIR": root.file("from-env"),
        ]
        let fromEnvironment = try resolve([], environment).get()
        let fromOptions = try resolve(["--base-url", "http://127.0.0.1:7777", "--data-dir", root.file("from-option")], environment).get()
        let xdgOnly = try resolve([], environment.filter { $0.key != "STOREFRONT_DATA_DIR" }).get()

        #expect(fromEnvironment.baseURL.absoluteString == "http://127.0.0.1:9999")
        #expect(fromEnvironment.stateDirectory == root.file("from-env"))
        #expect(fromOptions.baseURL.absoluteString == "http://127.0.0.1:7777")
        #expect(fromOptions.cacheDirectory == root.file("from-option") + "/cache")
        #expect(xdgOnly.stateDirectory == root.file("state") + "/storefront")
        #expect(xdgOnly.cacheDirectory == root.file("cache") + "/storefront")
    }

    @Test("a relay without a key file is refused, naming the one source a relay takes")
    func relayWithoutKeys() {
        #expect(throws: (any Error).self) { try GlobalOptions.parse(["--ohttp-relay", "https://relay.example/relay"]) }
        do {
            _ = try GlobalOptions.parse(["--ohttp-relay", "https://relay.example/relay"])
        } catch {
            #expect(GlobalOptions.message(for: error)
                == "--ohttp-relay carries sealed requests; give --ohttp-keys-file too (with a relay the key configuration comes from a file, never from the gateway).")
        }
    }

    @Test("a relay with the key configuration taken from the gateway is refused: that fetch would go from the client's own address")
    func relayWithKeysFromGateway() throws {
        let root = try TemporaryDirectory()
        let base = ["--data-dir", root.path, "--base-url", "https://store.example"]
        let refused = try resolve(base + ["--ohttp-keys-from-gateway", "--ohttp-relay", "https://relay.example/relay"], [:])
        let fromVariables = try resolve(base, ["STOREFRONT_OHTTP_KEYS_FROM_GATEWAY": "1", "STOREFRONT_OHTTP_RELAY": "https://relay.example/relay"])
        let direct = try resolve(base + ["--ohttp-keys-from-gateway"], [:])

        for result in [refused, fromVariables] {
            guard case .failure(let failure) = result else {
                Issue.record("a relay with keys from the gateway was accepted")
                continue
            }
            #expect(failure.sentence.contains("--ohttp-keys-file") && failure.sentence.contains("own address"), "\(failure.sentence)")
        }
        #expect(try direct.get().oblivious?.keys == .gateway)
    }

    @Test("a bad key, a bad address or an unwritable folder is one sentence, never a crash")
    func failures() throws {
        let root = try TemporaryDirectory()
        let badKey = try resolve(["--data-dir", root.path], ["STOREFRONT_PAYLOAD_KEY": "short"])
        let badURL = try resolve(["--data-dir", root.path], ["STOREFRONT_BASE_URL": "ftp://x"])
        let blocked = root.file("file")
        try Data().write(to: URL(fileURLWithPath: blocked))
        let unwritable = try resolve(["--data-dir", blocked + "/data"], [:])

        for result in [badKey, badURL, unwritable] {
            guard case .failure(let failure) = result else {
                Issue.record("expected a start-up failure")
                continue
            }
            #expect(failure.sentence.hasSuffix("."))
        }
    }
}
