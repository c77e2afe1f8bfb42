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
    /// How many nonces the backend holds at most: about 100 MB at the worst.
    static let defaultCapacity = 1_000_000

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
    private let seen = Mutex(Memory())

    init(window: Int64 = ReplayWindow.defaultWindow, capacity: Int = ReplayWindow.defaultCapacity) {
        self.window = window
        self.capacity = capacity
    }

    /// Whether a request sealed at `time` with `nonce` under `keyID` may be served at `now`;
    /// a fresh one is remembered.
    func admit(keyID: String, nonce: GCMNonce, time: Int64, now: Int64) -> Verdict {
        let skew = time - now
        guard abs(skew) <= window else { return .outsideWindow(skew: skew) }
        let name = Seen(keyID: keyID, nonce: nonce)
        return seen.withLock { memory in
            if memory.expiries.count >= memory.nextSweep { memory.sweep(now: now) }
            if let expiry = memory.expiries[name], expiry >= now { return .replayed }
            if memory.expiries.count >= capacity {
                // Being full is never permanent: forget what has expired before refusing
                // for room. The sweep after a growth-triggered one may lie past the
                // capacity, so this is the sweep a full window relies on.
                memory.sweep(now: now)
                guard memory.expiries.count < capacity else { return .full }
            }
            memory.remember(name, until: time + window)
            return .fresh
        }
    }

    /// The remembered nonces, and when sweeping them next is worth its cost.
    private struct Memory {
        var expiries: [Seen: Int64] = [:]
        /// Sweep once this many are remembered: twice what the last sweep kept, so the
        /// sweeps' cost stays proportional to the insertions.
        var nextSweep = 1024
        /// No entry expires before this, so a sweep sooner frees nothing: a full window
        /// under a flood refuses at the cost of one comparison, not a scan of a million.
        var earliestExpiry = Int64.max

        mutating func remember(_ name: Seen, until expiry: Int64) {
            expiries[name] = expiry
            earliestExpiry = min(earliestExpiry, expiry)
        }

        mutating func sweep(now: Int64) {
            if earliestExpiry < now {
                expiries = expiries.filter { $0.value >= now }
                earliestExpiry = expiries.values.min() ?? .max
            }
            nextSweep = max(1024, expiries.count * 2)
        }
    }
}
