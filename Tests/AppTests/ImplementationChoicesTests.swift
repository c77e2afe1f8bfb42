@testable import App
@testable import AppShared
import Data
import Foundation
import Testing

/// How every swappable seam is chosen, read off the root's lists: which name each
/// setting takes, what it falls back to, and the sentence an unknown name gets. Literal
/// rows, so a list that loses or reorders an entry fails here by name.
@Suite("One pattern chooses every swappable seam", .timeLimit(.minutes(1)))
struct ImplementationChoicesTests {
    @Test("each seam's variable, names, and default (its first name)")
    func lists() {
        #expect(CompositionRoot.sessionStores.variable == "STOREFRONT_SESSION_STORE")
        #expect(CompositionRoot.sessionStores.names == ["file", "keyring"])
        #expect(CompositionRoot.transports.variable == "STOREFRONT_TRANSPORT")
        #expect(CompositionRoot.transports.names == ["asynchttpclient", "urlsession"])
        #expect(CompositionRoot.transports.defaultName == "asynchttpclient")
    }

    @Test("the option over the variable over the default; an empty variable names nothing; spelled as the list spells it", arguments: [
        (nil, [:], "asynchttpclient"),
        (nil, ["STOREFRONT_TRANSPORT": ""], "asynchttpclient"),
        (nil, ["STOREFRONT_TRANSPORT": "URLSession"], "urlsession"),
        ("asynchttpclient", ["STOREFRONT_TRANSPORT": "urlsession"], "asynchttpclient"),
        (nil, ["STOREFRONT_TRANSPORT": "curl"], "curl"),
    ] as [(String?, [String: String], String)])
    func chosenName(option: String?, environment: [String: String], chosen: String) {
        #expect(CompositionRoot.transports.chosenName(option: option, environment: environment) == chosen)
    }

    @Test("the session store: --session-store over its variable, an empty variable unset, file by default", arguments: [
        (nil, [:], "file"),
        (nil, ["STOREFRONT_SESSION_STORE": ""], "file"),
        (nil, ["STOREFRONT_SESSION_STORE": "keyring"], "keyring"),
        ("file", ["STOREFRONT_SESSION_STORE": "keyring"], "file"),
        (nil, ["STOREFRONT_TRANSPORT": "urlsession"], "file"),
    ] as [(String?, [String: String], String)])
    func sessionStoreName(option: String?, environment: [String: String], chosen: String) {
        #expect(CompositionRoot.sessionStores.chosenName(option: option, environment: environment) == chosen)
    }

    @Test("a name the list does not know is one start-up sentence naming the others (78)")
    func unknownName() {
        #expect(throws: StartupFailure.self) {
            try CompositionRoot.transports.make(environment: ["STOREFRONT_TRANSPORT": "curl"], from: TransportConfiguration(baseURL: URL(fileURLWithPath: "/")))
        }
        let settings = ClientSettings(baseURL: URL(fileURLWithPath: "/"), oblivious: nil, stateDirectory: "/nowhere", cacheDirectory: "/nowhere")
        do throws(StartupFailure) {
            _ = try CompositionRoot.sessionStores.make(environment: ["STOREFRONT_SESSION_STORE": "sqlite"], from: settings)
            Issue.record("an unknown session store was made")
        } catch {
            #expect(error.sentence == "STOREFRONT_SESSION_STORE is sqlite, which names no session store; use file or keyring, or unset it.")
            #expect(error.exitStatus == 78)
        }
    }
}
