/// A configuration or start-up problem: exit 78 with a sentence that says what to do;
/// or, when a file could not be written (a full disk), exit 73 with the sentence every
/// write to a data folder is reported with (CLI.md, code `cannot-write`); or another
/// failure the client already has words, a code and a status for (a used-up keyring
/// quota), reported as every command reports it.
public struct StartupFailure: Error, Equatable {
    public let sentence: String
    /// CLI.md's error code: `configuration`, `cannot-write` for a file that could not
    /// be written, or the code of the client's own words.
    public let code: String
    /// CLI.md's exit status: 78 (`EX_CONFIG`), 73 (`EX_CANTCREAT`) for a file that could
    /// not be written, or the status of the client's own words.
    public let exitStatus: Int32

    public init(_ sentence: String) {
        self.init(sentence, code: "configuration", exitStatus: 78)
    }

    /// A failure in the client's own words (`ErrorMessage`, which this target cannot
    /// see): its sentence, code and exit status, unchanged.
    public init(_ sentence: String, code: String, exitStatus: Int32) {
        self.sentence = sentence
        self.code = code
        self.exitStatus = exitStatus
    }

    /// A file that could not be written: `what` it was for and the system's `reason`.
    /// The words are the client's `ErrorMessage` for `StoreError.cannotWrite`, which this
    /// target cannot see; `KeyFileWriteTests` holds the two to one sentence. `elsewhere`
    /// says how this program's folder is put on another disk: `demo` takes no
    /// --data-dir (its folder is under TMPDIR), so it names TMPDIR instead.
    public init(couldNotWrite what: String, reason: String, elsewhere: String = Self.anotherDataFolder) {
        self.sentence = "\(what.prefix(1).uppercased() + what.dropFirst()) could not be written (\(reason)); "
            + "what was there before is kept. Free some space on that disk, or \(elsewhere)."
        self.code = "cannot-write"
        self.exitStatus = 73
    }

    /// How `serve` and the client commands put their folder elsewhere.
    public static let anotherDataFolder = "choose another folder with --data-dir"
    /// How `demo` does: its throw-away folder is made under TMPDIR.
    public static let anotherTemporaryFolder = "set TMPDIR to a folder on another disk"
}
