import ArgumentParser
import Domain

/// The options of the commands that read (`search`, `whoami`): how far the cache may
/// answer for the backend.
struct ReadOptions: ParsableArguments {
    @Flag(name: .long, help: "Answer from the cache only, with no network at all; nothing cached exits 69.")
    var offline = false

    @Flag(name: .long, help: "Ask the backend even when the cached answer is still fresh.")
    var refresh = false

    func validate() throws {
        if offline && refresh {
            throw ValidationError("--offline and --refresh contradict each other; choose one.")
        }
    }

    var policy: ReadPolicy {
        offline ? .cacheOnly : refresh ? .revalidate : .standard
    }
}
