import AppShared
import Presentation

/// The process's terminal streams are the client's output port: Presentation's
/// `ConsoleOutput` asks for what `TerminalStreams` does (whole lines, escaped and
/// coloured as the terminal allows, and the spinner). The streams live in `AppShared`,
/// which the server links without Presentation, so only this program joins the two.
extension TerminalStreams: ConsoleOutput {}
