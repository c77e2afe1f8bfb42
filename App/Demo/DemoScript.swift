import Domain
import Infrastructure
import Presentation
import Styling

/// The demo's steps, each on its own line with its time, each checked: the demo
/// exits 0 only when every step did what it should, offline answer included. With
/// `--json`, the presenters' lines are discarded (the root was given no output) and
/// one document lists the steps at the end.
struct DemoScript {
    let root: CompositionRoot
    let output: any ConsoleOutput
    let format: OutputFormat
    let backend: String
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
        let cart = root.makeCartPresenter()

        let steps = [
            Step(title: "Log in as emilys") {
                if case .success = await signIn.signIn(username: "emilys", password: "emilyspass") { true } else { false }
            },
            Step(title: "Show the signed-in user") {
                if case .success(let user) = await account.showCurrentUser(), user.origin == .network { true } else { false }
            },
            Step(title: "Search \"phone\", page 1") { await searched(search, page: 1) { $0 == .network } },
            Step(title: "Search \"phone\", page 2") { await searched(search, page: 2) { $0 == .network } },
            Step(title: "Add 2 of product 1 to the cart: a write, sent once with its Idempotency-Key") {
                guard let product = try? ProductID(1), let quantity = try? Quantity(2) else { return false }
                if case .success(let added) = await cart.add(product, quantity: quantity) {
                    return added.lines.contains { $0.productID == product && $0.quantity >= 2 }
                }
                return false
            },
            Step(title: "Search \"phone\", page 1 again: still fresh, so the cache answers and nothing is sent") {
                await searched(search, page: 1) { if case .cache(_, .fresh) = $0 { true } else { false } }
            },
            Step(title: "The same with --refresh: the backend is asked, and its 304 renews the cached page") {
                await searched(search, page: 1, policy: .revalidate) { $0 == .network }
            },
            Step(title: "Stop the backend") {
                await stopBackend()
                return true
            },
            Step(title: "Search \"phone\", page 1 with --refresh: the backend is gone, the cache answers") {
                await searched(search, page: 1, policy: .revalidate) { if case .cache(_, .backendUnreachable) = $0 { true } else { false } }
            },
            Step(title: "Log out") {
                if case .success = await account.signOut() { true } else { false }
            },
        ]

        let clock = ContinuousClock()
        var results: [DemoDocument.Step] = []
        for (index, step) in steps.enumerated() {
            if format == .human {
                output.printLine("")
                output.printLine(StyledText("[\(index + 1)/\(steps.count)] \(step.title)", style: .heading))
            }
            let start = clock.now
            let succeeded = await step.action()
            let milliseconds = (clock.now - start).wholeMilliseconds
            results.append(DemoDocument.Step(step: index + 1, title: step.title, succeeded: succeeded, milliseconds: milliseconds))
            if format == .human {
                output.printLine(succeeded
                    ? StyledText("  ✓ done in \(milliseconds) ms", style: .success)
                    : StyledText("  ✗ failed after \(milliseconds) ms", style: .error))
            }
            guard succeeded else { break }
        }
        let succeeded = results.count == steps.count && results.allSatisfy(\.succeeded)
        switch format {
        case .json:
            output.printLine(DemoDocument.json(backend: backend, steps: results))
        case .human where succeeded:
            output.printLine("")
            output.printLine(StyledText("Demo complete: every step did what it should.", style: .success))
        case .human:
            break
        }
        return succeeded
    }

    /// Searches "phone" and checks where the answer came from.
    private func searched(
        _ presenter: SearchPresenter,
        page: Int,
        policy: ReadPolicy = .standard,
        from expected: (Origin) -> Bool
    ) async -> Bool {
        guard let query = try? SearchQuery(text: "phone", page: page, pageSize: 10) else { return false }
        guard case .success(let page) = await presenter.search(query, policy: policy) else { return false }
        return expected(page.origin)
    }
}
