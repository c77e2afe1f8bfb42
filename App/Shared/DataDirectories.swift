#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import SystemPackage

/// Where the session and the cache live, so the commands and `serve` agree on it.
public enum DataDirectories {
    /// With a data directory, the session sits in it and the cache in its `cache`
    /// folder; without one, in the XDG state and cache homes.
    public static func resolve(dataDirectory: String?, environment: [String: String]) -> (state: String, cache: String) {
        if let dataDirectory {
            return (dataDirectory, FilePath(dataDirectory).appending("cache").string)
        }
        let home = environment["HOME"] ?? FileManager.default.homeDirectoryForCurrentUser.path
        let stateHome = environment["XDG_STATE_HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? "\(home)/.local/state"
        let cacheHome = environment["XDG_CACHE_HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? "\(home)/.cache"
        return ("\(stateHome)/storefront", "\(cacheHome)/storefront")
    }
}
