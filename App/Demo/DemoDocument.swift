import Presentation

/// `storefront demo --json`: every step, whether it did what it should, and its time.
struct DemoDocument: Encodable {
    /// One step of the demo.
    struct Step: Encodable, Sendable, Equatable {
        let step: Int
        let title: String
        let succeeded: Bool
        let milliseconds: Int64
    }

    let backend: String
    let succeeded: Bool
    let steps: [Step]

    static func json(backend: String, steps: [Step]) -> String {
        JSONDocument.encode(DemoDocument(backend: backend, succeeded: steps.allSatisfy(\.succeeded), steps: steps))
    }
}
