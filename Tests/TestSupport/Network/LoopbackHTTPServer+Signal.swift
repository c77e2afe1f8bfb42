#if canImport(Glibc)
import Glibc
#endif

extension LoopbackHTTPServer {
    /// A backend that takes a request and never answers, and sends `signal` to the
    /// process whose id `target` holds the moment the request arrives: from the server's
    /// own thread, so no scheduling of the test's tasks stands between the two, and a
    /// client's own deadline cannot end the request first on a loaded machine.
    public static func signalling(_ signal: Int32, to target: SharedValue<Int32>) throws -> LoopbackHTTPServer {
        try LoopbackHTTPServer { _ in
            let pid = target.value
            if pid > 0 { kill(pid, signal) }
            return .hang
        }
    }
}
