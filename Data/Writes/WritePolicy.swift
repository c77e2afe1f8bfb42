/// What a write's end says of whether the store acted on it, as a pure function over
/// what came back: the one rule behind the sentence, the exit status, and whether the
/// write's idempotency key is kept for the same command run again (`PendingWriteKeys`).
///
/// The rule (docs/CLI.md, "Sent once"): a write is done when the store says so (2xx), and
/// not done when the store's own answer says so (a 4xx, a sealed refusal, a 401 whose
/// renewal failed) or when nothing left this machine. Anything else after the request
/// went out leaves the outcome unknown: a reset or a timeout, an answer cut short or
/// unreadable, any 5xx (a store may fail after it acted), and whatever an unsealed hop
/// says about a sealed request (a relay's 502, 503 or 504, a key refusal), which is not
/// the store's word. The chain below sends a write again at most once, and only after
/// such a word from the store (a 401, then the renewed session; a sealed `date` refusal).
enum WritePolicy {
    /// What a write came to.
    enum Outcome: Equatable {
        /// The store did it.
        case done
        /// The store answered that it did not.
        case refused
        /// Nothing reached the store.
        case notSent
        /// It may have been done; `reason` says what came back instead of an answer.
        case unknown(reason: String)

        /// Whether the store may have acted, so what the write changes is stale.
        var mayHaveActed: Bool {
            switch self {
            case .done, .unknown: true
            case .refused, .notSent: false
            }
        }
    }

    /// What an answer of `status` says of a write.
    static func outcome(status: Int) -> Outcome {
        switch status {
        case 200...299: .done
        case 400...499: .refused
        default: .unknown(reason: "the store answered \(status), which does not say whether it acted")
        }
    }

    /// What a failure the chain threw says of a write.
    static func outcome(of error: NetworkError) -> Outcome {
        switch error {
        case .transport(.cannotConnect), .transport(.serverIdentityRejected), .transport(.invalidRequest),
             .requestTooLarge, .gatewayKeysUnavailable, .sealingFailed, .unencodableRequest, .notSignedIn, .sessionStore:
            .notSent
        case .sealedRequestRefused, .sessionExpired, .refreshUnavailable, .refreshMisanswered:
            // The gateway's sealed word, or a 401 from the store whose renewal then failed.
            .refused
        case .transport(let failure):
            .unknown(reason: failure.summary)
        case .unsealedResponse, .gatewayUnreachable, .unopenableResponse, .malformedSealedResponse, .gatewayKeyRefused:
            .unknown(reason: error.summary)
        }
    }
}
