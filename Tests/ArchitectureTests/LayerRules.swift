/// What each layer target may depend on in the manifest and import in its sources.
///
/// This table is the architecture: App → Presentation / Data → Domain, and
/// Data → Infrastructure. A target that is not listed here is itself a violation,
/// so a new layer cannot slip in without someone deciding its rule.
struct LayerRule: Sendable {
    /// The target, which is also its folder.
    let layer: String
    /// Targets of this package (layers or system libraries) it may depend on and import.
    let targets: Set<String>
    /// Products of other packages it may depend on, by product name.
    let products: Set<String>
    /// Modules that are neither: the toolchain's own (Foundation, Glibc) and the
    /// modules that the allowed products bring.
    let modules: Set<String>

    /// Everything a source file in this layer may `import`.
    var importable: Set<String> { targets.union(modules) }
}

extension LayerRule {
    static let platform: Set<String> = ["Foundation", "FoundationEssentials", "Glibc", "Musl", "Darwin", "Synchronization"]

    static let storefront: [LayerRule] = [
        // Pure Swift: no dependency and not a single import line, not even Foundation.
        LayerRule(layer: "Domain", targets: [], products: [], modules: []),
        // Presenters see use cases and entities, and Foundation where it truly helps.
        LayerRule(layer: "Presentation", targets: ["Domain"], products: [], modules: ["Foundation"]),
        // Implements Domain's repositories on top of Infrastructure; never sees the UI.
        // swift-log is a logging API, not a layer, so the logging interceptor may use it.
        LayerRule(
            layer: "Data",
            targets: ["Domain", "Infrastructure"],
            products: ["Logging"],
            modules: platform.union(["FoundationNetworking", "Logging"])
        ),
        // Technical ground: knows no layer at all.
        LayerRule(
            layer: "Infrastructure",
            targets: ["CLibCrypto"],
            products: ["Logging"],
            modules: platform.union(["Logging"])
        ),
        // The reference server: another system. It shares Infrastructure (the cipher)
        // but none of the client's layers.
        LayerRule(
            layer: "Backend",
            targets: ["Infrastructure"],
            products: ["Hummingbird", "HTTPTypes", "Logging"],
            modules: platform.union(["Hummingbird", "HTTPTypes", "Logging"])
        ),
        // The composition root: the one target allowed to know every layer.
        LayerRule(
            layer: "App",
            targets: ["Domain", "Presentation", "Data", "Infrastructure", "Backend"],
            products: ["ArgumentParser", "Logging"],
            modules: platform.union(["FoundationNetworking", "ArgumentParser", "Logging"])
        ),
    ]
}
