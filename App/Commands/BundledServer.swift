import AppShared
import SystemPackage
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
        guard let executable = ownExecutable() else {
            throw StartupFailure("The bundled backend cannot be found: this program's own path is unknown.")
        }
        let server = FilePath(executable).removingLastComponent().appending(programName).string
        guard access(server, X_OK) == 0 else {
            throw StartupFailure("The bundled backend \(server) is missing or cannot run; \(programName) must sit beside storefront (`swift build` builds both, scripts/install installs both).")
        }
        return server
    }

    /// This program's own file, links resolved, as the kernel names it (what
    /// Foundation's `Bundle.main` reads on Linux, without linking Foundation).
    private static func ownExecutable() -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX))
        let count = readlink("/proc/self/exe", &buffer, buffer.count)
        guard count > 0, count < buffer.count else { return nil }
        return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
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
