import Domain
import Infrastructure
import Presentation

/// The demo's steps, each on its own line with its time, each checked: the demo
/// exits 0 only when every step did what it should, offline answer included.
struct DemoScript {
    let root: CompositionRoot
    let output: any ConsoleOutput
    let stopBackend: @Sendable () async -> Void

    /// One step: what it does, and a check that says whether it did it.
    private struct Step {
        let title: String
        let action: () async -> Bool
    }

    func run() async -> Bool {
        let signIn = root.makeSignInPresenter()
        let account = root.makeAccountPresenter()
        let search = root.makeSearchPresenter()

        let steps = [
            Step(title: "Log in as emilys") {
                await signIn.signIn(username: "emilys", password: "emilyspass")
                if case .signedIn = await signIn.state { return true }
                return false
            },
            Step(title: "Show the signed-in user") {
                await account.showCurrentUser()
                if case .signedIn(_, .network) = await account.state { return true }
                return false
            },
            Step(title: "Search \"phone\", page 1") { await searched(search, page: 1, from: .network) },
            Step(title: "Search \"phone\", page 2") { await searched(search, page: 2, from: .network) },
            Step(title: "Stop the backend") {
                await stopBackend()
                return true
            },
            Step(title: "Search \"phone\", page 1 again: the backend is gone, the cache answers") {
                await searched(search, page: 1, from: nil)
            },
            Step(title: "Log out") {
                await account.signOut()
                return await account.state == .signedOut
            },
        ]

        let clock = ContinuousClock()
        for (index, step) in steps.enumerated() {
            output.printLine("")
            output.printLine("[\(index + 1)/\(steps.count)] \(step.title)")
            let start = clock.now
            let succeeded = await step.action()
            let milliseconds = (clock.now - start).wholeMilliseconds
            output.printLine(succeeded ? "  ✓ done in \(milliseconds) ms" : "  ✗ failed after \(milliseconds) ms")
            guard succeeded else { return false }
        }
        output.printLine("")
        output.printLine("Demo complete: every step did what it should.")
        return true
    }

    /// Searches "phone" and checks where the answer came from: the network, or (with
    /// `from: nil`) the cache.
    private func searched(_ presenter: SearchPresenter, page: Int, from expected: Origin?) async -> Bool {
        await presenter.search("phone", page: page, pageSize: 10)
        guard case .loaded(_, let origin, _) = await presenter.state else { return false }
        switch (origin, expected) {
        case (.network, .network): return true
        case (.cache, nil): return true
        default: return false
        }
    }
}
