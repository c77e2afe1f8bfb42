import AppShared
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// `storefront-server`, the reference backend, found beside the running `storefront`:
/// `scripts/install` puts the two in one folder, and a build leaves them in one too.
enum BundledServer {
    static let programName = "storefront-server"

    /// The server's path, beside this executable (links resolved, so a `storefront`
    /// linked into another folder still finds its own server).
    static func path() throws(StartupFailure) -> String {
        guard let executable = Bundle.main.executableURL?.resolvingSymlinksInPath() else {
            throw StartupFailure("The bundled backend cannot be found: this program's own path is unknown.")
        }
        let server = executable.deletingLastPathComponent().appendingPathComponent(programName).path
        guard access(server, X_OK) == 0 else {
            throw StartupFailure("The bundled backend \(server) is missing or cannot run; \(programName) must sit beside storefront (`swift build` builds both, scripts/install installs both).")
        }
        return server
    }

    /// Runs the server in this process's place (`execv`) with `arguments`; returns
    /// only when it could not, with the sentence that says why.
    static func replaceProcess(arguments: [String]) -> StartupFailure {
        let server: String
        do {
            server = try path()
        } catch {
            return error
        }
        var argv = ([programName] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        execv(server, &argv)
        return StartupFailure("The bundled backend \(server) could not be started: \(String(cString: strerror(errno))).")
    }
}
