/// A configuration or start-up problem: exit 78 with a sentence that says what to do;
/// or, when a file could not be written (a full disk), exit 73 with the sentence every
/// write to a data folder is reported with (CLI.md, code `cannot-write`).
public struct StartupFailure: Error, Equatable {
    /// A file that could not be written: what it was for, and the path with the
    /// system's words.
    public struct Unwritten: Equatable, Sendable {
        public let what: String
        public let reason: String
    }

    public let sentence: String
    public let unwritten: Unwritten?

    public init(_ sentence: String) {
        self.sentence = sentence
        self.unwritten = nil
    }

    /// A file that could not be written: `what` it was for and the system's `reason`.
    /// The words are the client's `ErrorMessage` for `StoreError.cannotWrite`, which this
    /// target cannot see; `KeyFileWriteTests` holds the two to one sentence.
    public init(couldNotWrite what: String, reason: String) {
        self.sentence = "\(what.prefix(1).uppercased() + what.dropFirst()) could not be written (\(reason)); "
            + "what was there before is kept. Free some space on that disk, or choose another folder with --data-dir."
        self.unwritten = Unwritten(what: what, reason: reason)
    }

    /// CLI.md's error code: `cannot-write` for a file that could not be written, else
    /// `configuration`.
    public var code: String {
        unwritten == nil ? "configuration" : "cannot-write"
    }

    /// CLI.md's exit status: 73 (`EX_CANTCREAT`) for a file that could not be written,
    /// else 78 (`EX_CONFIG`).
    public var exitStatus: Int32 {
        unwritten == nil ? 78 : 73
    }
}
