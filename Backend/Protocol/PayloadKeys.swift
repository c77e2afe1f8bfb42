import Infrastructure
import Synchronization

/// Where the backend's key ring comes from: held as given, or read from a file and
/// read again whenever that file is replaced, so `storefront serve --rotate-key` takes
/// effect on a running server at its next request, with no restart and no request lost.
public final class PayloadKeys: Sendable {
    private let file: String?
    private let state: Mutex<(ring: PayloadKeyRing, identity: FileIdentity?)>

    /// A ring that never changes (tests, a key made for this run alone).
    public init(_ ring: PayloadKeyRing) {
        file = nil
        state = Mutex((ring, nil))
    }

    /// The ring in `file`, read now so a bad file stops the start.
    public init(file: String) throws(PayloadKeyFile.Failure) {
        self.file = file
        let identity = PrivateFiles.identity(of: file)
        state = Mutex((try PayloadKeyFile.readRing(at: file), identity))
    }

    /// The key new clients are given, as last read.
    public var currentKey: PayloadKey { state.withLock { $0.ring.current } }

    /// The ring as it is now. One `stat` per call; the file is read again only when it
    /// was replaced or written. A file that no longer reads (removed, loosened, broken)
    /// leaves the last good ring in use, and the logger says why.
    func ring(log: (String) -> Void) -> PayloadKeyRing {
        guard let file else { return state.withLock { $0.ring } }
        let identity = PrivateFiles.identity(of: file)
        return state.withLock { current in
            guard identity != current.identity else { return current.ring }
            current.identity = identity
            do {
                current.ring = try PayloadKeyFile.readRing(at: file)
                log("payload key ring reloaded from \(file): current key \(current.ring.current.id)")
            } catch {
                log("payload key ring in \(file) not reloaded, the previous one stays in use: \(error)")
            }
            return current.ring
        }
    }
}
