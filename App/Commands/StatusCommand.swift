import AppShared
import ArgumentParser
import Presentation

/// `storefront status`: what the program would use, and whether the session is safe,
/// without changing anything (no folder made, no network), signed in or not.
struct StatusCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "status",
        abstract: "Show the backend, plain or sealed (Oblivious HTTP), TLS trust, who is signed in, and where the session and cache are.",
        discussion: help.discussion
    )

    /// What `--help`, the manual page and the documents say of the command beyond its abstract.
    static let help = CommandHelp(
        does: "What the program would use, changing nothing: the backend, the transport (`STOREFRONT_TRANSPORT`), plain or sealed, the gateway key's id and where the key configuration came from (option, environment, or the gateway), and the relay, the TLS trust (system, `--ca-file`, pins), who is signed in (from the kept session and user; the network only with `--check`), where the session store keeps the session (the file, or the key and its keyring) and who can read it, and the cache folder with its entries, bytes and oldest entry, and the limits it keeps to (`STOREFRONT_CACHE_MAX_ENTRIES`, `STOREFRONT_CACHE_MAX_BYTES`). Exits 0 whether or not anyone is signed in.",
        json: #"`{"backend", "transport", "mode", "ohttpKeysSource", "ohttpKeyId", "ohttpRelay", "caFile", "pins", "signedIn", "user", "session": {"store", "location", "exists", "permissions", "isPrivate"}, "cache": {"folder", "entries", "bytes", "oldestStoredAt", "maximumEntries", "maximumBytes"}, "check"}`"#,
        examples: [
            CommandHelp.Example("storefront status", "backend, plain or sealed, TLS trust, who, where the session is and who can read it, cache figures"),
            CommandHelp.Example("storefront status --check", "the same, and asks the backend whether the session still holds"),
        ]
    )

    @Flag(name: .long, help: "Also ask the backend whether the session is still good (the one status that uses the network).")
    var check = false

    @OptionGroup var options: GlobalOptions

    func run() async throws {
        try await CommandLifecycle.run(options, checkingFiles: false) { root in
            root.makeStatusPresenter().show(await root.makeStatusReport(checkingWithBackend: check))
        }
    }
}
