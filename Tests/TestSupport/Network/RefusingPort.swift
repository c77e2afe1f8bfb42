import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A loopback port where a connection is refused, for as long as this value lives: a
/// socket bound to it but never listening. Binding and closing a server instead leaves
/// the port free for the next test's server, whose requests would then cross over.
public final class RefusingPort: Sendable {
    public let port: UInt16
    private let socket: Int32

    public init() throws {
        (socket, port) = try LoopbackSocket.bind(listening: false)
    }

    public var baseURL: URL {
        URL(string: "http://127.0.0.1:\(port)") ?? URL(fileURLWithPath: "/")
    }

    deinit {
        close(socket)
    }
}
