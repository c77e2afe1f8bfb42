import AppShared
import ArgumentParser
import Data
import Domain
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Presentation

/// The options every client command takes, after its name (`storefront search phone --json`).
struct GlobalOptions: ParsableArguments {
    @Option(name: .long, help: "The backend (default http://127.0.0.1:8080; env STOREFRONT_BASE_URL).")
    var baseURL: String?

    @Option(name: .long, help: "The gateway's public key configuration as serve writes it (ohttp-keys; env STOREFRONT_OHTTP_KEYS_FILE): every request goes sealed with Oblivious HTTP. With neither this nor --ohttp-keys-from-gateway, plain JSON.")
    var ohttpKeysFile: String?

    @Flag(name: .long, help: "Seal with Oblivious HTTP, taking the key configuration from the backend's /.well-known/ohttp-gateway; https only (env STOREFRONT_OHTTP_KEYS_FROM_GATEWAY=1).")
    var ohttpKeysFromGateway = false

    @Option(name: .long, help: "Send the sealed requests through this Oblivious HTTP relay, which forwards them unchanged (env STOREFRONT_OHTTP_RELAY).")
    var ohttpRelay: String?

    @Option(name: .long, help: "Where the session and the cache live (env STOREFRONT_DATA_DIR; default under XDG_STATE_HOME and XDG_CACHE_HOME).")
    var dataDir: String?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Where the session is kept: \(CompositionRoot.sessionStores.choices.map { "\($0.name), \($0.summary)" }.joined(separator: "; ")) (env STOREFRONT_SESSION_STORE; default \(CompositionRoot.sessionStores.defaultName)).",
            valueName: "store"
        ),
        completion: .list(CompositionRoot.sessionStores.names)
    )
    var sessionStore: String?

    @Option(name: .long, help: "PEM certificates to trust for an https backend instead of the system's (env STOREFRONT_CA_FILE).")
    var caFile: String?

    @Option(name: .long, help: "sha256/BASE64 of a certificate's public key that the https backend's chain must contain; repeatable (env STOREFRONT_PINS, comma-separated).")
    var pin: [String] = []

    @Flag(name: .long, help: "Print one JSON document on standard output.")
    var json = false

    @Flag(name: .long, help: "Print one line per HTTP exchange and cache lookup on standard error.")
    var verbose = false

    var format: OutputFormat { json ? .json : .human }

    func validate() throws {
        switch baseURL.map(ClientSettings.BaseURL.check) {
        case .failure(.hasCredentials):
            throw ValidationError(ClientSettings.BaseURL.credentialsRefusal)
        case .failure(.notHTTP):
            throw ValidationError("--base-url must be an http:// or https:// URL, such as http://127.0.0.1:8080.")
        case .success, nil:
            break
        }
        if ohttpKeysFile != nil, ohttpKeysFromGateway {
            throw ValidationError("--ohttp-keys-file and --ohttp-keys-from-gateway name two sources of one key configuration; choose one.")
        }
        if ohttpRelay != nil, ohttpKeysFile == nil, !ohttpKeysFromGateway {
            throw ValidationError("--ohttp-relay carries sealed requests; give --ohttp-keys-file too (with a relay the key configuration comes from a file, never from the gateway).")
        }
        try Self.validate(sessionStore: sessionStore)
        do {
            _ = try ClientSettings.pins(pin)
        } catch {
            throw ValidationError("--pin takes sha256/ and the base64 SHA-256 of a public key (as curl's --pinnedpubkey), not \(error.text).")
        }
    }
}

extension GlobalOptions {
    /// `--session-store` names a store the composition root knows; `demo` takes it too.
    static func validate(sessionStore: String?) throws {
        if let sessionStore, CompositionRoot.sessionStores.named(sessionStore) == nil {
            throw ValidationError("--session-store takes \(CompositionRoot.sessionStores.namesInWords), not \(sessionStore).")
        }
    }
}

/// The options of the commands that read (`search`, `whoami`): how far the cache may
/// answer for the backend.
struct ReadOptions: ParsableArguments {
    @Flag(name: .long, help: "Answer from the cache only, with no network at all; nothing cached exits 69.")
    var offline = false

    @Flag(name: .long, help: "Ask the backend even when the cached answer is still fresh.")
    var refresh = false

    func validate() throws {
        if offline && refresh {
            throw ValidationError("--offline and --refresh contradict each other; choose one.")
        }
    }

    var policy: ReadPolicy {
        offline ? .cacheOnly : refresh ? .revalidate : .standard
    }
}

/// `--limit` and `--page`, for the commands that show a page of products.
struct PagingOptions: ParsableArguments {
    @Option(name: .long, help: "Results per page, 1 to 100.")
    var limit: Int = Paging.defaultPageSize

    @Option(name: .long, help: "Which page, from 1.")
    var page: Int = 1
}

/// The domain's value from what was typed, or the usage error (exit 64) that says why
/// not: the one way a command holds its options to the domain's rules, in `validate()`
/// before anything is touched, and again in `run()` to get the value it hands on.
func usage<Value>(_ make: () throws(InvalidInput) -> Value) throws(ValidationError) -> Value {
    do {
        return try make()
    } catch {
        throw ValidationError(error.sentence)
    }
}
