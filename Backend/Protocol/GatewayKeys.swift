import Infrastructure
import Synchronization

/// Where the gateway's key ring comes from: held as given, or read from a file and read
/// again whenever that file is replaced, so `storefront serve --rotate-key` takes effect
/// on a running backend at its next request, with no restart and no request lost.
public final class GatewayKeys: Sendable {
    private let file: String?
    private let state: Mutex<(ring: GatewayKeyRing, identity: FileIdentity?)>

    /// A ring that never changes (tests, a key made for this run alone).
    public init(_ ring: GatewayKeyRing) {
        file = nil
        state = Mutex((ring, nil))
    }

    /// The ring in `file`, read now so a bad file stops the start.
    public init(file: String) throws(GatewayKeyFile.Failure) {
        self.file = file
        let identity = PrivateFiles.identity(of: file)
        state = Mutex((try GatewayKeyFile.readRing(at: file), identity))
    }

    /// The ring as last read, without looking at the file again.
    public var lastRead: GatewayKeyRing { state.withLock { $0.ring } }

    /// The key new clients are given, as last read.
    public var current: ObliviousGatewayKey { lastRead.current }

    /// The ring as it is now. One `stat` per call; the file is read again only when it
    /// was replaced. A file that no longer reads leaves the last good ring in use, and
    /// the logger says why.
    func ring(log: (String) -> Void) -> GatewayKeyRing {
        guard let file else { return state.withLock { $0.ring } }
        let identity = PrivateFiles.identity(of: file)
        return state.withLock { current in
            guard identity != current.identity else { return current.ring }
            current.identity = identity
            do {
                current.ring = try GatewayKeyFile.readRing(at: file)
                log("gateway key ring reloaded from \(file): current key \(current.ring.current.configuration.keyID)")
            } catch {
                log("gateway key ring in \(file) not reloaded, the previous one stays in use: \(error)")
            }
            return current.ring
        }
    }
}
