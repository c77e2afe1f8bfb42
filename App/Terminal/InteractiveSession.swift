import SystemPackage
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif
import Infrastructure
import Presentation

/// `storefront` with no command, on a terminal: sign in at the prompts if needed, then
/// search as you type until Ctrl-C (or Ctrl-D on an empty query; SIGINT, SIGTERM
/// and SIGHUP also leave, with the terminal restored).
struct InteractiveSession {
    let root: CompositionRoot
    let output: any ConsoleOutput

    func run() async -> ProcessExitStatus {
        if await !root.hasSession() {
            let status = await signIn()
            guard status == .success else { return status }
        }
        guard let terminal = RawTerminal() else { return .usage }
        defer { terminal.restore() }
        let view = TerminalSearchView(terminal: terminal, style: .forStream(STDOUT_FILENO, json: false, environment: ProcessInfo.processInfo.environment))
        let presenter = root.makeLiveSearchPresenter(view: view)
        await presenter.start()

        let resizes = ResizeNotifications.start()
        let resizeWatch = Task {
            for await _ in resizes {
                view.redrawIfResized()
                await presenter.resized()
            }
        }
        defer {
            ResizeNotifications.stop()
            resizeWatch.cancel()
        }

        for await bytes in KeyReader.bytes() {
            for key in TerminalKeyDecoder.keys(in: bytes) {
                switch key {
                case .quit:
                    return .success
                case .endOfInput:
                    if await presenter.screen.query.isEmpty { return .success }
                case .edit(let edit):
                    await presenter.handle(edit)
                }
            }
        }
        return .success
    }

    /// Asks for a username and a hidden password until they are right; Ctrl-C leaves.
    private func signIn() async -> ProcessExitStatus {
        let presenter = root.makeSignInPresenter()
        while true {
            _ = try? FileDescriptor.standardError.writeAll("Username: ".utf8)
            guard let username = readLine(strippingNewline: true) else { return .failure }
            guard !username.allSatisfy(\.isWhitespace) else { continue }
            switch PasswordPrompt.ask("Password: ") {
            case .password(let password):
                let status = await presenter.signIn(username: username, password: password).exitStatus
                if status == .success { return .success }
                // Wrong credentials: say so (the presenter did) and ask again.
                guard status == .noPermission || status == .usage else { return status }
            case .interrupted:
                output.printDiagnostic(ErrorReporter.errorLine("Sign-in interrupted."))
                PasswordPrompt.endAsInterrupted()
            case .cancelled:
                output.printDiagnostic(ErrorReporter.errorLine("Sign-in cancelled."))
                return .failure
            case .tooLong:
                output.printDiagnostic(ErrorReporter.errorLine("That password is longer than \(PasswordPrompt.capacity) bytes; try again."))
            case .noTerminal:
                return .usage
            }
        }
    }
}
