import AppShared

/// One implementation of a seam that a person can name (a session store, a response
/// cache, a transport): its name, a few words for `--help`, and how the composition root
/// makes it from what it needs (`Input`).
struct ImplementationChoice<Input, Made>: Sendable {
    let name: String
    /// For `--help`: what it is, or where it keeps things.
    let summary: String
    let make: @Sendable (Input) throws(StartupFailure) -> Made
}

/// Every implementation one setting chooses among, and how the setting names one: its
/// option (where it has one) over its variable over the first choice, the default. The
/// composition root keeps one of these per seam, so offering a new implementation is
/// its type and one entry here; help, completion, the refusal of an unknown name and
/// `status` all read the same list.
struct ImplementationChoices<Input, Made>: Sendable {
    /// What is chosen, in a person's words: "session store".
    let what: String
    /// The environment variable that names one.
    let variable: String
    let choices: [ImplementationChoice<Input, Made>]

    /// The first choice's name: what is used when nothing names another.
    var defaultName: String { choices.first?.name ?? "" }

    var names: [String] { choices.map(\.name) }

    /// The names, as a refusal lists them: "file or keyring".
    var namesInWords: String { names.joined(separator: " or ") }

    /// The choice called `name`, in any case.
    func named(_ name: String) -> ImplementationChoice<Input, Made>? {
        choices.first { $0.name == name.lowercased() }
    }

    /// The name chosen: `option`, else the variable when set and not empty, else the
    /// default; spelled as the choice spells it when it names one.
    func chosenName(option: String? = nil, environment: [String: String]) -> String {
        let given = option ?? environment[variable].flatMap { $0.isEmpty ? nil : $0 } ?? defaultName
        return named(given)?.name ?? given
    }

    /// Chooses (`option` over the variable over the default) and makes it from `input`,
    /// in one step: what was made, and its name. A name the list does not know is a
    /// start-up sentence that lists the others.
    func make(option: String? = nil, environment: [String: String], from input: Input) throws(StartupFailure) -> (name: String, made: Made) {
        let name = chosenName(option: option, environment: environment)
        guard let choice = named(name) else {
            throw StartupFailure("\(variable) is \(name), which names no \(what); use \(namesInWords), or unset it.")
        }
        return (choice.name, try choice.make(input))
    }
}
