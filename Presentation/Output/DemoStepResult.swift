/// One step of `storefront demo`, as `--json` reports it.
public struct DemoStepResult: Encodable, Sendable, Equatable {
    public let step: Int
    public let title: String
    public let succeeded: Bool
    public let milliseconds: Int64

    public init(step: Int, title: String, succeeded: Bool, milliseconds: Int64) {
        self.step = step
        self.title = title
        self.succeeded = succeeded
        self.milliseconds = milliseconds
    }
}
