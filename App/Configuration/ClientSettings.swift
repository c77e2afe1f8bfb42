import AppShared
import Data
import Domain
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif
import Infrastructure

/// Everything the client needs to know, resolved from options, environment and
/// defaults (an option wins over its environment variable).
struct ClientSettings: Sendable {
    let baseURL: URL
    /// How requests are sealed with Oblivious HTTP; nil in plain mode.
    let oblivious: ObliviousSettings?
    /// The folder of the session file, the refresh lock and the gateway key ring.
    let stateDirectory: String
    /// Where the cache lives.
    let cacheDirectory: String
    /// How an https backend must prove its identity.
    var trust: ServerTrust = .system
    /// How large the response cache may grow.
    var cacheLimits: CacheLimits = .standard

    static let defaultBaseURL = "http://127.0.0.1:8080"

    /// Resolves and checks the settings. Each failure is one sentence saying what to do.
    /// `checkingFiles: false` (for `status`) creates no folder and refuses no file: it reports
    /// what it finds instead.
    static func resolve(
        _ options: GlobalOptions, environment: [String: String], checkingFiles: Bool = true
    ) throws(StartupFailure) -> ClientSettings {
        let urlText = options.baseURL ?? environment["STOREFRONT_BASE_URL"] ?? defaultBaseURL
        let baseURL: URL
        switch BaseURL.check(urlText) {
        case .success(let url):
            baseURL = url
        case .failure(.hasCredentials):
            throw StartupFailure(BaseURL.credentialsRefusal)
        case .failure(.notHTTP):
            throw StartupFailure("The backend address \(urlText) is not an http:// or https:// URL; set --base-url or STOREFRONT_BASE_URL.")
        }

        let oblivious = try ObliviousSettings.resolve(options, environment: environment, baseURL: baseURL)

        let (state, cache) = DataDirectories.resolve(dataDirectory: options.dataDir ?? environment["STOREFRONT_DATA_DIR"], environment: environment)
        var settings = ClientSettings(
            baseURL: baseURL, oblivious: oblivious, stateDirectory: state, cacheDirectory: cache
        )
        settings.trust = try trust(options, environment: environment, baseURL: baseURL)
        settings.cacheLimits = try CacheLimitSettings.resolve(environment: environment)
        if checkingFiles, let failure = settings.checkFiles() {
            throw failure
        }
        return settings
    }

    /// `--ca-file` and `--pin` (or their variables). They only mean something for an
    /// https backend; given for an http one they would silently protect nothing, so
    /// that is refused rather than ignored.
    private static func trust(_ options: GlobalOptions, environment: [String: String], baseURL: URL) throws(StartupFailure) -> ServerTrust {
        let authorityFile = options.caFile ?? environment["STOREFRONT_CA_FILE"].flatMap { $0.isEmpty ? nil : $0 }
        var pins: [PublicKeyPin] = []
        if !options.pin.isEmpty {
            // Checked already: a bad `--pin` is a usage error (`GlobalOptions.validate`).
            pins = (try? Self.pins(options.pin)) ?? []
        } else if let text = environment["STOREFRONT_PINS"], !text.isEmpty {
            do {
                pins = try Self.pins(text.split(separator: ",").map { String($0).trimmingWhitespace() })
            } catch {
                throw StartupFailure("STOREFRONT_PINS holds \(error.text), which is not sha256/ and the base64 SHA-256 of a public key.")
            }
        }
        let trust = ServerTrust(authorityFile: authorityFile, pins: pins)
        guard trust != .system else { return trust }
        guard baseURL.scheme?.lowercased() == "https" else {
            throw StartupFailure("--ca-file and --pin apply to an https backend, and \(baseURL.absoluteString) is not one; remove them or use https.")
        }
        if let authorityFile, access(authorityFile, R_OK) != 0 {
            throw StartupFailure("The CA file \(authorityFile) cannot be read; check the path and its permissions.")
        }
        return trust
    }

    /// A text that should have been a pin, and was not.
    struct NotAPin: Error {
        let text: String
    }

    /// Reads pins, each `sha256/BASE64` (`PublicKeyPin`), from `--pin` or
    /// `STOREFRONT_PINS`: the first that is not one is thrown.
    static func pins(_ texts: [String]) throws(NotAPin) -> [PublicKeyPin] {
        var pins: [PublicKeyPin] = []
        for text in texts {
            guard let pin = PublicKeyPin(text) else { throw NotAPin(text: text) }
            pins.append(pin)
        }
        return pins
    }

    /// The data folders can be made and written. What the stores keep in them is checked
    /// once they are built, by each store (`CommandLifecycle.start`).
    private func checkFiles() -> StartupFailure? {
        for directory in [stateDirectory, cacheDirectory] {
            do {
                try PrivateFiles.createDirectory(at: directory)
            } catch {
                return StartupFailure("The data folder \(directory) cannot be created: \(error.description).")
            }
            guard access(directory, W_OK) == 0 else {
                return StartupFailure("The data folder \(directory) is not writable; fix its permissions or choose another with --data-dir.")
            }
        }
        return nil
    }

    /// Refuses the first file in `folders` (those the cache names as theirs, wherever it
    /// keeps them) that another user could reach: none in a private folder, so a cache
    /// of any size costs one `stat` a folder; in any other folder, the first file that
    /// another user can read or that someone else owns.
    static func checkOwnedFiles(in folders: [String]) -> StartupFailure? {
        for folder in folders {
            do {
                try PrivateFiles.checkReachableFiles(in: folder)
            } catch {
                return StartupFailure("A file in the data folder cannot be trusted: \(error.description).")
            }
        }
        return nil
    }
}

extension ClientSettings {
    /// Reads a backend address: http or https, with a host, and no user or password.
    enum BaseURL {
        enum Refusal: Error {
            /// Credentials in the address would travel into logs, the cache's keys and shell
            /// history, and the store API authenticates with tokens anyway; so they are
            /// refused, and the address is not repeated in the refusal.
            case hasCredentials
            case notHTTP
        }

        /// The one check of a backend address, whether it came from `--base-url` (a usage
        /// error) or `STOREFRONT_BASE_URL` (a start-up failure): each caller words its own.
        static func check(_ text: String) -> Result<URL, Refusal> {
            guard let url = URL(string: text) else { return .failure(.notHTTP) }
            guard url.user == nil, url.password == nil else { return .failure(.hasCredentials) }
            guard let scheme = url.scheme?.lowercased(), ["http", "https"].contains(scheme),
                  let host = url.host, !host.isEmpty else { return .failure(.notHTTP) }
            return .success(url)
        }

        static let credentialsRefusal = "The backend address has a user or password in it; remove them (the store signs in with `storefront login`)."
    }
}
