import ArgumentParser

/// What `storefront serve` and `storefront-server` take: one set of options, so the
/// command a person reads about and the program that runs parse the same line.
public struct ServeOptions: ParsableArguments {
    /// The one-line summary both programs show in their help.
    public static let abstract = "Run the reference store backend until Ctrl-C."
    public static let discussion = "Prints the URL it listens on as its first line. Sealed with Oblivious HTTP (RFC 9458) unless --plain: the store is served through the gateway at /.well-known/ohttp-gateway. Without --gateway-key-file a fresh key is made and written to a file only you can read, with the clients' public key configuration (ohttp-keys) beside it. With --rotate-key it rotates that ring and exits instead; a backend serving the ring takes the new key at its next request."
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

    @Option(name: .long, help: "Keep sessions and the replay memory in this PostgreSQL database (postgres://user@host[:port]/name[?sslmode=require|verify-full], or ?host=/socket/folder), which several gateways of one store share; default: backend.sqlite in the data directory. No password here, where every local user can read it: STOREFRONT_DATABASE_PASSWORD_FILE, or the whole URI in STOREFRONT_DATABASE.")
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
