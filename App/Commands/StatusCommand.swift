import ArgumentParser
import Presentation

/// `storefront status`: what the program would use, and whether the session is safe,
/// without changing anything (no folder made, no network), signed in or not.
struct StatusCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "status",
        abstract: "Show the backend, plain or sealed (Oblivious HTTP), TLS trust, who is signed in, and where the session and cache are."
    )

    @Flag(name: .long, help: "Also ask the backend whether the session is still good (the one status that uses the network).")
    var check = false

    @OptionGroup var options: GlobalOptions

    func run() async throws {
        try await CommandLifecycle.run(options, checkingFiles: false) { root in
            root.makeStatusPresenter().show(await root.makeStatusReport(checkingWithBackend: check))
        }
    }
}
