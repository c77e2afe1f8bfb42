import Infrastructure
import Synchronization

/// Refuses a sealed request body the server has already opened (PROTOCOL.md section
/// 2, "Replays"). Requests say when they were sealed (`t`); one further than `window`
/// from the server's clock is refused, so the server need remember a nonce only for
/// that long, as Kerberos bounds its replay cache by its clock skew (RFC 4120 section
/// 5.2.3) and DPoP its `jti` store by the proof's time (RFC 9449 section 11.1).
final class ReplayWindow: Sendable {
    enum Verdict: Equatable {
        case fresh
        case replayed
        case outsideWindow(skew: Int64)
        /// As many nonces are remembered as the server will hold.
        case full
    }

    /// Kerberos' customary clock skew: wide enough for clocks NTP keeps, narrow enough
    /// that the remembered nonces stay few.
    static let defaultWindow: Int64 = 300

    let window: Int64
    /// Past this many remembered nonces, every sealed body is refused until some age
    /// out, rather than forgetting one early, which would let its replay through.
    let capacity: Int
    /// A nonce is unique only under its key.
    private struct Seen: Hashable {
        let keyID: String
        let nonce: GCMNonce
    }

    /// Each nonce seen, to the time after which it may be forgotten.
    private let seen = Mutex<(expiries: [Seen: Int64], nextSweep: Int)>(([:], 1024))

    init(window: Int64 = ReplayWindow.defaultWindow, capacity: Int = 1_000_000) {
        self.window = window
        self.capacity = capacity
    }

    /// Whether a request sealed at `time` with `nonce` under `keyID` may be served at `now`;
    /// a fresh one is remembered.
    func admit(keyID: String, nonce: GCMNonce, time: Int64, now: Int64) -> Verdict {
        let skew = time - now
        guard abs(skew) <= window else { return .outsideWindow(skew: skew) }
        let name = Seen(keyID: keyID, nonce: nonce)
        return seen.withLock { seen in
            if seen.expiries.count >= seen.nextSweep {
                seen.expiries = seen.expiries.filter { $0.value >= now }
                seen.nextSweep = max(1024, seen.expiries.count * 2)
            }
            if let expiry = seen.expiries[name], expiry >= now { return .replayed }
            guard seen.expiries.count < capacity else { return .full }
            seen.expiries[name] = time + window
            return .fresh
        }
    }
}
