/// The version `storefront --version` prints. Bumped by hand with each release.
enum StorefrontVersion {
    static let current = "0.1.0"
}
