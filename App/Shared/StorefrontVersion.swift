/// The version `storefront --version` prints. Bumped by hand with each release.
public enum StorefrontVersion {
    public static let current = "0.1.0"
}
