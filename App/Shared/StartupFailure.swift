import Presentation

/// A configuration or start-up problem: exit 78 with a sentence that says what to do;
/// or, when a file could not be written (a full disk), that failure's own sentence and
/// exit 73, as every write to a data folder reports it.
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
    public init(couldNotWrite what: String, reason: String) {
        self.sentence = ErrorReporter.cannotWriteSentence(what, reason: reason)
        self.unwritten = Unwritten(what: what, reason: reason)
    }

    /// Reports this failure through `errors` and gives the exit status it means.
    @discardableResult
    public func report(through errors: ErrorReporter) -> ProcessExitStatus {
        if let unwritten { return errors.reportCannotWrite(unwritten.what, reason: unwritten.reason) }
        return errors.reportConfigurationFailure(sentence)
    }
}
