// swift-tools-version: 6.2
// Storefront: a layered Swift 6 reference app. Each top-level folder is a layer, and
// the targets inside it make the compiler (not a convention) keep the dependencies
// pointing inward: App → Presentation / Data → Domain; Data → Infrastructure.
import PackageDescription

/// Our own targets build in Swift 6 mode and treat every warning as an error.
let strict: [SwiftSetting] = [
    .swiftLanguageMode(.v6),
    .treatAllWarnings(as: .error),
]

let package = Package(
    name: "Storefront",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "storefront", targets: ["App"]),
        .executable(name: "storefront-server", targets: ["Server"]),
    ],
    // The default `storefront` links only the AsyncHTTPClient adapter. The URLSession
    // one brings FoundationNetworking and libcurl with its ~30 libraries (and keeps a
    // static build from linking), so it is built in only on request:
    // `swift build --traits URLSessionTransport`. Its contract suite runs either way,
    // since the test targets depend on the adapter directly.
    traits: [
        .trait(
            name: "URLSessionTransport",
            description: "Build the URLSession adapter into storefront (STOREFRONT_TRANSPORT=urlsession)."
        ),
        .default(enabledTraits: []),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        // The backend's state (sessions, the replay memory) in SQLite, on SwiftNIO like
        // Hummingbird; the library carries its own SQLite (docs/ARCHITECTURE.md, decisions).
        .package(url: "https://github.com/vapor/sqlite-nio", from: "1.13.2"),
        // The same state in PostgreSQL, for several gateways serving one store.
        .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.2"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-nio-ssl", from: "2.37.6"),
        .package(url: "https://github.com/apple/swift-nio-extras", from: "1.35.2"),
        // The backend reads a write's Idempotency-Key as a Structured Field (RFC 9651).
        // Already in the graph through swift-nio-extras.
        .package(url: "https://github.com/apple/swift-http-structured-headers.git", from: "1.2.0"),
        // File paths without Foundation's NSString (AsyncHTTPClient links it already).
        .package(url: "https://github.com/apple/swift-system", from: "1.8.1"),
        // The tests' child processes: torn down (ending in SIGKILL) when the waiting task
        // is cancelled, outputs collected concurrently. No product links it.
        .package(url: "https://github.com/swiftlang/swift-subprocess", from: "1.0.2"),
        // An independent HPKE (BoringSSL's) for the interop tests only: the shipped programs
        // stay on libcrypto. Already in the graph through swift-certificates.
        .package(url: "https://github.com/apple/swift-crypto.git", from: "4.5.2"),
    ],
    targets: [
        // The innermost layer: entities, repository protocols, use cases. Imports nothing.
        .target(name: "Domain", path: "Domain", swiftSettings: strict),

        // Text as both programs show it: styled runs (never an escape code) and the one
        // rule that escapes a server's control characters. Pure Swift, depending on
        // nothing, so the client's presenters and the server's console share one copy.
        .target(name: "Styling", path: "Styling", swiftSettings: strict),

        // Console presenters: state, use-case calls, rendering to an output port.
        .target(name: "Presentation", dependencies: ["Domain", "Styling"], path: "Presentation", swiftSettings: strict),

        // Repository implementations: HTTP, interceptors, cache, session store, DTOs.
        // swift-http-types is the HTTP vocabulary of server-side Swift (Hummingbird,
        // swift-openapi-runtime), not an HTTP stack; swift-log is the logging API every
        // layer may share. Neither is a layer.
        .target(
            name: "Data",
            dependencies: [
                "Domain", "Infrastructure",
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "SystemPackage", package: "swift-system"),
            ],
            path: "Data",
            exclude: ["Transports"],
            swiftSettings: strict
        ),
        // The two adapters behind Data's `HTTPTransport`, each a target of its own so a
        // binary links only the HTTP stack it uses. AsyncHTTPClient (SwiftNIO, NIOSSL)
        // is the default on Linux; URLSession is what Apple-platform readers will use.
        .target(
            name: "HTTPClientAdapter",
            dependencies: [
                "Data", "Domain", "Infrastructure",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
            ],
            path: "Data/Transports/AsyncHTTPClient",
            swiftSettings: strict
        ),
        .target(
            name: "URLSessionAdapter",
            dependencies: ["Data", "Infrastructure", .product(name: "HTTPTypes", package: "swift-http-types")],
            path: "Data/Transports/URLSession",
            swiftSettings: strict
        ),

        // Technical ground: libcrypto, secure randomness, files, logging, and the sealed
        // layer both programs speak: HPKE (RFC 9180) and Oblivious HTTP (RFC 9458), built
        // on libcrypto's X25519, HKDF and AES-GCM. Knows no layer.
        .target(
            name: "Infrastructure",
            dependencies: [
                "CLibCrypto", "CSystemCalls",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "SystemPackage", package: "swift-system"),
            ],
            path: "Infrastructure",
            exclude: ["CLibCrypto", "CSystemCalls"],
            swiftSettings: strict
        ),
        // OpenSSL's libcrypto, found through pkg-config; the provider line turns a
        // missing library into "install libssl-dev" rather than a bare linker error.
        .systemLibrary(
            name: "CLibCrypto",
            path: "Infrastructure/CLibCrypto",
            pkgConfig: "libcrypto",
            providers: [.apt(["libssl-dev"]), .brew(["openssl@3"])]
        ),

        // The system calls Swift's Glibc module does not declare (they are GNU's): renameat2's
        // exchange, as replacing a file by swapping it in costs a fraction of a rename over
        // it on ext4 (which flushes the new file's data first), and readers still never see
        // a mix; posix_spawn's close-from, so a child gets only the descriptors it is given;
        // and add_key and keyctl, which glibc does not wrap at all, for the session kept in
        // the kernel keyring (libkeyutils would be a package to install for a handful of calls).
        .target(name: "CSystemCalls", path: "Infrastructure/CSystemCalls"),

        // What the App needs of the process that Swift cannot do safely: prctl (variadic
        // in C) and signal handlers that restore the terminal without entering the runtime.
        .target(name: "CProcessControl", path: "App/CProcessControl"),

        // The reference store server: another system that speaks PROTOCOL.md. It may
        // use Infrastructure (the cipher, randomness) but none of the client's layers.
        .target(
            name: "Backend",
            dependencies: [
                "Infrastructure",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "HummingbirdTLS", package: "hummingbird"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOHTTPTypes", package: "swift-nio-extras"),
                .product(name: "NIOHTTPTypesHTTP1", package: "swift-nio-extras"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "SQLiteNIO", package: "sqlite-nio"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "RawStructuredFieldValues", package: "swift-http-structured-headers"),
            ],
            path: "Backend",
            swiftSettings: strict
        ),

        // The composition root and the `storefront` command line. The backend is not
        // in it: `serve` and `demo` run `storefront-server`, so no client command pays
        // for the server's code at start-up.
        .executableTarget(
            name: "App",
            dependencies: [
                "Domain", "Presentation", "Styling", "Data", "HTTPClientAdapter", "Infrastructure", "AppShared", "CProcessControl",
                .target(name: "URLSessionAdapter", condition: .when(traits: ["URLSessionTransport"])),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "SystemPackage", package: "swift-system"),
            ],
            path: "App",
            exclude: ["CProcessControl", "Shared", "Server"],
            swiftSettings: strict
        ),
        // What both programs share and must agree on: the terminal as CLI.md lets them
        // use it (whole lines, the colour rule, escaping, the spinner), the start-up
        // failure, where the data folder is, the key files `serve` writes and a client
        // reads, and serve's options (`storefront serve` takes them to run the server).
        // No client layer: the server links none.
        .target(
            name: "AppShared",
            dependencies: [
                "Infrastructure", "Styling",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "SystemPackage", package: "swift-system"),
            ],
            path: "App/Shared",
            swiftSettings: strict
        ),
        // `storefront-server`: the reference backend as a program, beside `storefront`.
        .executableTarget(
            name: "Server",
            dependencies: [
                "Backend", "AppShared", "Styling", "Infrastructure", "CProcessControl",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ],
            path: "App/Server",
            swiftSettings: strict
        ),

        // What the client stack costs over the bare transport, in process (release;
        // scripts/benchmark-client runs it). Composes like the App, so it may see everything.
        .executableTarget(
            name: "ClientBenchmark",
            dependencies: [
                "Domain", "Data", "HTTPClientAdapter", "Infrastructure", "Backend",
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
            ],
            path: "Benchmarks/ClientBenchmark",
            swiftSettings: strict
        ),

        // The backend's throughput on each store, beside an in-memory one
        // (scripts/benchmark-backend runs it in release).
        .executableTarget(
            name: "BackendBenchmark",
            dependencies: [
                "Data", "HTTPClientAdapter", "Infrastructure", "Backend",
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
            ],
            path: "Benchmarks/BackendBenchmark",
            swiftSettings: strict
        ),

        // Fuzz targets (scripts/fuzz builds them with libFuzzer; an ordinary build replays
        // files through the same check). One per parser of untrusted bytes, each seeing
        // only the layer whose parser it feeds.
        .target(name: "FuzzSupport", path: "Fuzz/Support", swiftSettings: strict),
    ] + fuzzTargets + [
        // The payload cipher's throughput, set beside `openssl speed` by scripts/benchmark-cache.
        .executableTarget(
            name: "CryptoBenchmark",
            dependencies: ["Infrastructure"],
            path: "Benchmarks/CryptoBenchmark",
            swiftSettings: strict
        ),

        // Every test double and helper the test targets share, one naming rule: a Fake
        // works (an in-memory catalogue that filters and pages, a clock the test moves),
        // a Stub answers fixed, a Spy records the calls it gets. Also loopback servers and
        // temporary folders. It sees every layer so one set of doubles serves them all;
        // a test target that imports it still tests only its own layer.
        .target(
            name: "TestSupport",
            dependencies: [
                "Domain", "Presentation", "Styling", "Data", "Infrastructure",
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Subprocess", package: "swift-subprocess"),
                // Each PostgreSQL test's own database, in the cluster scripts/with-postgres starts.
                .product(name: "PostgresNIO", package: "postgres-nio"),
            ],
            path: "Tests/TestSupport",
            swiftSettings: strict
        ),
        .testTarget(name: "DomainTests", dependencies: ["Domain", "TestSupport"], path: "Tests/DomainTests", swiftSettings: strict),
        .testTarget(
            name: "InfrastructureTests",
            dependencies: ["Infrastructure", "TestSupport", .product(name: "Crypto", package: "swift-crypto")],
            path: "Tests/InfrastructureTests",
            swiftSettings: strict
        ),
        .testTarget(
            name: "DataTests",
            dependencies: [
                "Data", "HTTPClientAdapter", "URLSessionAdapter", "Domain", "Infrastructure", "TestSupport",
                // The one list of wire answers, which the fuzz target reads too.
                "FuzzWireAnswers",
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
            ],
            path: "Tests/DataTests",
            swiftSettings: strict
        ),
        .testTarget(
            name: "PresentationTests",
            dependencies: ["Presentation", "Styling", "Domain", "TestSupport"],
            path: "Tests/PresentationTests",
            swiftSettings: strict
        ),
        .testTarget(
            name: "BackendTests",
            dependencies: [
                "Backend", "Infrastructure", "TestSupport", .product(name: "Logging", package: "swift-log"),
                // A second connection to the store's file, holding its write lock as another process would.
                .product(name: "SQLiteNIO", package: "sqlite-nio"), .product(name: "NIOPosix", package: "swift-nio"),
                // A request head as the server's first handler reads it.
                .product(name: "NIOHTTP1", package: "swift-nio"),
            ],
            path: "Tests/BackendTests",
            swiftSettings: strict
        ),
        // The App's own pieces that need no process: key decoding, settings.
        .testTarget(name: "AppTests", dependencies: ["App", "AppShared", "Presentation", "Styling", "TestSupport"], path: "Tests/AppTests", swiftSettings: strict),
        // Runs the built `storefront` binary against the backend started in-process.
        .testTarget(
            name: "EndToEndTests",
            dependencies: [
                "App", "AppShared", "Server", "Backend", "Infrastructure", "TestSupport",
                // The indeterminate-length Binary HTTP other peers write, which the fuzz target writes too.
                "FuzzBinaryHTTP",
            ],
            path: "Tests/EndToEndTests",
            swiftSettings: strict
        ),
        // Reads the manifest and every source's imports; fails when a layer reaches outward.
        .testTarget(name: "ArchitectureTests", dependencies: ["AppShared", "TestSupport"], path: "Tests/ArchitectureTests", swiftSettings: strict),
    ]
)

/// The fuzz targets, by folder under Fuzz/ and what they reach: a server's headers and
/// answers, Binary HTTP and Oblivious HTTP decapsulation, the files in the data folder, a
/// terminal's key bytes.
var fuzzTargets: [Target] {
    let data: [Target.Dependency] = ["Data", "Domain", "Infrastructure", .product(name: "HTTPTypes", package: "swift-http-types")]
    let reaches: [(name: String, dependencies: [Target.Dependency])] = [
        ("CacheHeaders", data), ("WireAnswers", data), ("Decapsulation", ["Infrastructure"]), ("BinaryHTTP", ["Infrastructure"]),
        ("SessionFile", data), ("CacheEntry", data), ("TerminalKeys", ["Presentation"]),
    ]
    return reaches.map { target in
        .executableTarget(
            name: "Fuzz\(target.name)",
            dependencies: ["FuzzSupport"] + target.dependencies,
            path: "Fuzz/\(target.name)",
            swiftSettings: strict
        )
    }
}

// scripts/sanitize: with STOREFRONT_SANITIZER set (address or thread), our own targets are
// built with that sanitizer and with coverage, in the test build's folder, so the
// dependencies' objects are the test build's and only our code compiles again
// (docs/TESTING.md, "Sanitizers").
if let sanitizer = Context.environment["STOREFRONT_SANITIZER"] {
    for target in package.targets where target.type != .system {
        target.swiftSettings = (target.swiftSettings ?? []) + [.unsafeFlags(["-sanitize=\(sanitizer)", "-profile-generate", "-profile-coverage-mapping"])]
        target.cSettings = (target.cSettings ?? []) + [.unsafeFlags(["-fsanitize=\(sanitizer)"])]
        target.linkerSettings = (target.linkerSettings ?? []) + [.unsafeFlags(["-sanitize=\(sanitizer)", "-profile-generate"])]
    }
}
