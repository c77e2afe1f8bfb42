/// What each layer target may depend on in the manifest and import in its sources.
///
/// This table is the architecture: App → Presentation / Data → Domain, and
/// Data → Infrastructure. A target that is not listed here is itself a violation,
/// so a new layer cannot slip in without someone deciding its rule.
struct LayerRule: Sendable {
    /// The target.
    let layer: String
    /// Its folder: the layer's own, or a subfolder of the layer it belongs to.
    let folder: String
    /// Targets of this package (layers or system libraries) it may depend on and import.
    let targets: Set<String>
    /// Products of other packages it may depend on, by product name.
    let products: Set<String>
    /// Modules that are neither: the toolchain's own (Foundation, Glibc) and the
    /// modules that the allowed products bring.
    let modules: Set<String>

    /// Everything a source file in this layer may `import`.
    var importable: Set<String> { targets.union(modules) }

    init(layer: String, folder: String? = nil, targets: Set<String>, products: Set<String>, modules: Set<String>) {
        self.layer = layer
        self.folder = folder ?? layer
        self.targets = targets
        self.products = products
        self.modules = modules
    }
}

extension LayerRule {
    static let platform: Set<String> = ["Foundation", "FoundationEssentials", "Glibc", "Musl", "Darwin", "Synchronization"]

    static let storefront: [LayerRule] = [
        // Pure Swift: no dependency and not a single import line, not even Foundation.
        LayerRule(layer: "Domain", targets: [], products: [], modules: []),
        // Text as both programs show it (styled runs, the escape rule): pure Swift, no
        // import, so the client's presenters and the server's console share one copy.
        LayerRule(layer: "Styling", targets: [], products: [], modules: []),
        // Presenters see use cases and entities, the styled text they build, and
        // Foundation where it truly helps.
        LayerRule(layer: "Presentation", targets: ["Domain", "Styling"], products: [], modules: ["Foundation", "FoundationEssentials"]),
        // Implements Domain's repositories on top of Infrastructure; never sees the UI.
        // swift-http-types (the HTTP vocabulary) and swift-log (a logging API) are not
        // layers, so the chain may use them. No HTTP stack: that is the adapters'
        // business, below.
        LayerRule(
            layer: "Data",
            targets: ["Domain", "Infrastructure"],
            products: ["HTTPTypes", "Logging", "SystemPackage"],
            modules: platform.union(["HTTPTypes", "Logging", "SystemPackage"])
        ),
        // The two adapters behind Data's HTTPTransport, each in a folder of Data and a
        // target of its own, so only the binary that needs an HTTP stack links it.
        LayerRule(
            layer: "HTTPClientAdapter",
            folder: "Data/Transports/AsyncHTTPClient",
            targets: ["Data", "Domain", "Infrastructure"],
            products: ["AsyncHTTPClient", "HTTPTypes", "NIOCore", "NIOPosix", "NIOHTTP1", "NIOSSL"],
            modules: platform.union(["AsyncHTTPClient", "HTTPTypes", "NIOCore", "NIOPosix", "NIOHTTP1", "NIOSSL"])
        ),
        LayerRule(
            layer: "URLSessionAdapter",
            folder: "Data/Transports/URLSession",
            targets: ["Data", "Infrastructure"],
            products: ["HTTPTypes"],
            modules: platform.union(["FoundationNetworking", "HTTPTypes"])
        ),
        // Technical ground: knows no layer at all.
        LayerRule(
            layer: "Infrastructure",
            targets: ["CLibCrypto", "CSystemCalls"],
            products: ["Logging", "SystemPackage"],
            modules: platform.union(["Logging", "CSystemCalls", "SystemPackage"])
        ),
        // The reference server: another system. It shares Infrastructure (the cipher)
        // but none of the client's layers. NIOHTTP1 and NIOHTTPTypesHTTP1 build its HTTP/1.1
        // channel, which reads a request's target before the conversion to HTTP types.
        LayerRule(
            layer: "Backend",
            targets: ["Infrastructure"],
            products: [
                "Hummingbird", "HummingbirdCore", "HummingbirdTLS", "NIOCore", "NIOPosix", "NIOHTTP1", "NIOHTTPTypes", "NIOHTTPTypesHTTP1",
                "NIOSSL", "HTTPTypes", "Logging", "SQLiteNIO", "PostgresNIO", "RawStructuredFieldValues",
            ],
            modules: platform.union([
                "Hummingbird", "HummingbirdCore", "HummingbirdTLS", "NIOCore", "NIOPosix", "NIOHTTP1", "NIOHTTPTypes", "NIOHTTPTypesHTTP1",
                "NIOSSL", "HTTPTypes", "Logging", "SQLiteNIO", "PostgresNIO", "RawStructuredFieldValues",
            ])
        ),
        // A benchmark composes the client like the App does, to measure it in process.
        LayerRule(
            layer: "ClientBenchmark",
            folder: "Benchmarks/ClientBenchmark",
            targets: ["Domain", "Data", "HTTPClientAdapter", "Infrastructure", "Backend"],
            products: ["HTTPTypes", "Logging"],
            modules: platform.union(["HTTPTypes", "Logging"])
        ),
        // The backend's throughput on each store, driven through the client's transport.
        LayerRule(
            layer: "BackendBenchmark",
            folder: "Benchmarks/BackendBenchmark",
            targets: ["Data", "HTTPClientAdapter", "Infrastructure", "Backend"],
            products: ["HTTPTypes", "Logging"],
            modules: platform.union(["HTTPTypes", "Logging"])
        ),
        // The App's C helpers (signal handlers, prctl): part of the App, depending on nothing.
        LayerRule(layer: "CProcessControl", folder: "App/CProcessControl", targets: [], products: [], modules: []),
        // Infrastructure's C helper (renameat2): part of Infrastructure, depending on nothing.
        LayerRule(layer: "CSystemCalls", folder: "Infrastructure/CSystemCalls", targets: [], products: [], modules: []),
        // The cipher's throughput, measured on Infrastructure alone.
        LayerRule(layer: "CryptoBenchmark", folder: "Benchmarks/CryptoBenchmark", targets: ["Infrastructure"], products: [], modules: platform),
        // What the fuzz targets share: libFuzzer's driver, or a replay of files.
        LayerRule(layer: "FuzzSupport", folder: "Fuzz/Support", targets: [], products: [], modules: platform),
    ] + fuzzTargets + [
        // The composition root: the one target allowed to know every client layer. Not
        // the backend: the client runs `storefront-server` instead of linking it.
        LayerRule(
            layer: "App",
            targets: ["Domain", "Presentation", "Styling", "Data", "HTTPClientAdapter", "URLSessionAdapter", "Infrastructure", "AppShared", "CProcessControl"],
            products: ["ArgumentParser", "Logging", "SystemPackage"],
            modules: platform.union(["ArgumentParser", "Logging", "SystemPackage"])
        ),
        // What the two programs share (the terminal, serve's options, the key files):
        // part of the App's ring, but no client layer, since the server links it.
        LayerRule(
            layer: "AppShared",
            folder: "App/Shared",
            targets: ["Infrastructure", "Styling"],
            products: ["ArgumentParser", "Logging", "SystemPackage"],
            modules: platform.union(["ArgumentParser", "Logging", "SystemPackage"])
        ),
        // `storefront-server`: the backend's composition root, a program of the App's ring.
        // It sees the backend and the shared terminal, and none of the client's layers:
        // it says what CLI.md asks of every program in words of its own (ServerConsole).
        LayerRule(
            layer: "Server",
            folder: "App/Server",
            targets: ["Backend", "AppShared", "Styling", "Infrastructure", "CProcessControl"],
            products: ["ArgumentParser", "Logging"],
            modules: platform.union(["ArgumentParser", "Logging"])
        ),
    ]
}

extension LayerRule {
    /// The fuzz targets: each feeds libFuzzer's bytes to one parser of untrusted bytes,
    /// in the one layer it names, and may see nothing else (swift-http-types for the
    /// header and field types those parsers take).
    static let fuzzTargets: [LayerRule] = {
        let reaches: [(name: String, layer: String)] = [
            ("CacheHeaders", "Data"), ("WireAnswers", "Data"), ("Decapsulation", "Infrastructure"),
            ("SessionFile", "Data"), ("CacheEntry", "Data"), ("TerminalKeys", "Presentation"),
            ("BinaryHTTP", "Infrastructure"),
        ]
        return reaches.map { target in
            let data = target.layer == "Data"
            let targets: Set<String> = data ? ["FuzzSupport", "Data", "Domain", "Infrastructure"] : ["FuzzSupport", target.layer]
            return LayerRule(
                layer: "Fuzz\(target.name)",
                folder: "Fuzz/\(target.name)",
                targets: targets,
                products: data ? ["HTTPTypes"] : [],
                modules: data ? platform.union(["HTTPTypes"]) : platform
            )
        }
    }()
}
