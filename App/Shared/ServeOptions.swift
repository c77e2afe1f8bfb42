import ArgumentParser

/// What `storefront serve` and `storefront-server` take: one set of options, so the
/// command a person reads about and the program that runs parse the same line.
public struct ServeOptions: ParsableArguments {
    /// The one-line summary both programs show in their help.
    public static let abstract = "Run the reference store backend until Ctrl-C."
    /// What both programs' help says beyond the abstract (`storefront serve` adds examples).
    public static let help = CommandHelp(
        does: #"Runs the reference backend in the foreground until SIGINT or SIGTERM, then stops cleanly. `--host` (default `127.0.0.1`), `--port` (default `8080`; `0` picks a free one), `--plain` (no Oblivious HTTP) or `--gateway-key-file FILE`, the gateway's private key ring (a JWK Set of X25519 keys), read again whenever the file is replaced. Without it a fresh key is made and written as a ring (`ohttp-gateway-keys.jwks`, only you can read it) in the data folder. Either way the clients' key configuration (`ohttp-keys`, `application/ohttp-keys`) is written beside the ring and its path printed. The sessions it grants and the requests its gateway served are kept in `backend.sqlite` in the data folder (`0600`), so a restart signs nobody out, and several `serve` processes on one data folder serve one store; `--database URI` (or `STOREFRONT_DATABASE`) keeps them in the database its scheme names instead: `sqlite:/path/to/file`, or `postgres://USER@HOST:PORT/NAME`, a PostgreSQL database which gateways on several machines share (a URI it cannot read, a `--database` with a password in it, or a database it cannot use, exits 78 with a sentence that never shows the password, and does not repeat a URI it cannot read; the password comes from `STOREFRONT_DATABASE_PASSWORD_FILE`, a file only you can read, or inside `STOREFRONT_DATABASE`; `sslmode` is `disable`, `require` or `verify-full`, and any other parameter, or one given twice, is refused). `--replay-capacity N` (or `STOREFRONT_REPLAY_CAPACITY`; default 1,000,000) is how many requests served the replay memory holds at once, with room for a tenth as many refused for a date ahead (docs/OPERATIONS.md says what it costs on disk). `--tls-cert FILE --tls-key FILE` (PEM; serves `https`). Its first line is the URL it listens on (`--json`: `{"url", "mode", "keyFile", "keyId", "store", "database"}`, `keyFile` being what a client gives as `--ohttp-keys-file`, `keyId` the current key's id in decimal, `store` `sqlite` or `postgresql` and `database` its file or its URI without the password); a human run says the database on its third line. `--products`, `--token-lifetime-seconds` (`0`: each access token has expired when granted), `--fail-first` and `--latency-ms` (held after the work and its log line, before the answer leaves) shape the store for tests. With `--rotate-key` it rotates the ring of `--gateway-key-file` (else the data folder's) and exits without serving: a new current key with the next free id, the previous one accepted for `--previous-key-lifetime` more seconds (default 86400; `0` retires it at once), keys whose time is up dropped, and the clients' configuration written beside the ring as `ohttp-keys`. Prints the new key's id, the configuration's file, and until when each previous key is accepted (`--json`: `{"ring", "keyFile", "keyId", "previous": [{"keyId", "notAfter"}]}`). A backend serving that ring takes the new key at its next request. Refuses a file that is not a gateway key ring, such as the clients' configuration (78). docs/OPERATIONS.md gives the steps."#,
        examples: [
            CommandHelp.Example("storefront serve", "the reference backend, sealed (Oblivious HTTP); prints its URL and key configuration"),
            CommandHelp.Example("storefront serve --json", "its first line as one JSON document"),
            CommandHelp.Example("storefront serve --rotate-key", "a new current key; the old one stays accepted for a day"),
        ]
    )
    /// The catalogue's largest size: the backend's own bound, repeated here because the
    /// client does not link the backend (a test keeps the two equal).
    public static let maximumProductCount = 1_000_000

    @Option(name: .long, help: "The address to listen on; loopback unless told otherwise.")
    public var host = "127.0.0.1"

    @Option(name: .long, help: "The port; 0 picks any free port.")
    public var port = 8080

    @Flag(name: .long, help: "Serve plain JSON, without Oblivious HTTP.")
    public var plain = false

    @Option(name: .long, help: "The gateway's private key ring (a JWK Set of X25519 keys), read again whenever it is replaced; the clients' configuration (ohttp-keys) is written beside it.")
    public var gatewayKeyFile: String?

    @Flag(name: .long, help: "Make a new current key in the ring, keep the previous one for --previous-key-lifetime seconds, write the clients' configuration beside the ring, and exit.")
    public var rotateKey = false

    @Option(name: .long, help: "With --rotate-key: how many seconds the previous key stays accepted (0 retires it at once).")
    public var previousKeyLifetime = 86_400

    @Option(name: .long, help: "Where a fresh gateway key, its configuration and the database (backend.sqlite) are written (default: the data directory).")
    public var dataDir: String?

    @Option(name: .long, help: "Keep sessions and the replay memory in the database this URI's scheme names: a SQLite file (sqlite:/path/to/file), or a PostgreSQL database (postgres://user@host[:port]/name[?sslmode=require|verify-full], or ?host=/socket/folder), which several gateways of one store share; default: backend.sqlite in the data directory. No password here, where every local user can read it: STOREFRONT_DATABASE_PASSWORD_FILE, or the whole URI in STOREFRONT_DATABASE.")
    public var database: String?

    @Option(name: .long, help: "How many requests served the replay memory holds at once, with room for a tenth as many refused for a date ahead (default 1000000, about 94 MB of database). Also STOREFRONT_REPLAY_CAPACITY.")
    public var replayCapacity: Int?

    @Option(name: .long, help: "Serve https with this PEM certificate chain (with --tls-key).")
    public var tlsCert: String?

    @Option(name: .long, help: "The PEM private key of --tls-cert.")
    public var tlsKey: String?

    @Option(name: .long, help: "How many products the catalogue holds (1 to 1,000,000).")
    public var products = 300

    @Option(name: .long, help: "For tests: no access token lives longer than this many seconds (0: each has expired when granted).")
    public var tokenLifetimeSeconds: Int?

    @Option(name: .long, help: "For tests: answer the first N requests with 503.")
    public var failFirst = 0

    @Option(name: .long, help: "For tests: wait this many milliseconds before each answer is sent, once its work is done.")
    public var latencyMs = 0

    @Flag(name: .long, help: "Print the first line as JSON: {\"url\", \"mode\", \"keyFile\", \"keyId\", \"store\", \"database\"}.")
    public var json = false

    public init() {}

    public func validate() throws {
        guard (0...65_535).contains(port) else { throw ValidationError("--port must be between 0 and 65535.") }
        guard (1...Self.maximumProductCount).contains(products) else {
            throw ValidationError("--products must be between 1 and 1000000.")
        }
        if plain, gatewayKeyFile != nil || rotateKey { throw ValidationError("--plain excludes --gateway-key-file and --rotate-key.") }
        guard previousKeyLifetime >= 0 else { throw ValidationError("--previous-key-lifetime must not be negative.") }
        if (tlsCert == nil) != (tlsKey == nil) { throw ValidationError("--tls-cert and --tls-key go together.") }
        if let replayCapacity, replayCapacity < 1 { throw ValidationError("--replay-capacity must be 1 or more.") }
        if let tokenLifetimeSeconds, tokenLifetimeSeconds < 0 { throw ValidationError("--token-lifetime-seconds must not be negative.") }
        guard failFirst >= 0, latencyMs >= 0 else { throw ValidationError("--fail-first and --latency-ms must not be negative.") }
    }
}
