import AppShared
import Foundation

/// The commands as `storefront --experimental-dump-help` describes them
/// (docs/storefront.help.json, which a test holds to the binary): each one's synopsis and
/// the three parts of its help, read back from its discussion by the headings
/// `CommandHelp.discussion` puts them under. What the documents' generated sections are written from.
struct CommandReference: Equatable {
    /// One way to run a command, and what it shows.
    struct Example: Equatable {
        let command: String
        let note: String
    }

    let name: String
    /// `storefront NAME`, its arguments, and the options it cannot run without.
    let synopsis: String
    /// The long names of the options it takes (`offline`, `json`).
    let options: Set<String>
    let does: String
    let json: String?
    let examples: [Example]

    static let helpDump = "docs/storefront.help.json"

    /// Every subcommand of the dump, in its order (`help` aside), each followed by its
    /// own subcommands, named with their parent's name (`cart add`).
    static func all(in root: URL) throws -> [CommandReference] {
        let data = try Data(contentsOf: root.appendingPathComponent(helpDump))
        let dump = try JSONSerialization.jsonObject(with: data) as? [String: Any]
        return commands(under: (dump?["command"] as? [String: Any]) ?? [:], named: [])
    }

    /// The commands under `parent`, whose names so far are `names`, depth first.
    private static func commands(under parent: [String: Any], named names: [String]) -> [CommandReference] {
        let subcommands = parent["subcommands"] as? [[String: Any]] ?? []
        return subcommands.flatMap { command -> [CommandReference] in
            guard let name = command["commandName"] as? String, name != "help" else { return [] }
            let reference = CommandReference(
                name: (names + [name]).joined(separator: " "), arguments: command["arguments"] as? [[String: Any]] ?? [],
                discussion: command["discussion"] as? String ?? ""
            )
            return [reference] + commands(under: command, named: names + [name])
        }
    }

    init(name: String, arguments: [[String: Any]], discussion: String) {
        self.name = name
        let required = arguments.filter { $0["isOptional"] as? Bool == false }.map { argument -> String in
            let value = (argument["valueName"] as? String ?? "").uppercased()
            let names = (argument["names"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String }
            return names.first.map { "--\($0) \(value)" } ?? value
        }
        synopsis = (["storefront", name] + required).joined(separator: " ")
        options = Set(arguments.filter { $0["shouldDisplay"] as? Bool != false }.flatMap { ($0["names"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String } })
        // The parts, as `CommandHelp.discussion` lays them out: paragraphs, the JSON
        // paragraph and the examples under their headings.
        var does: [String] = []
        var json: String?
        var examples: [Example] = []
        for paragraph in discussion.components(separatedBy: "\n\n") {
            if paragraph.hasPrefix(CommandHelp.jsonHeading) {
                json = String(paragraph.dropFirst(CommandHelp.jsonHeading.count)).trimmingCharacters(in: .whitespaces)
            } else if paragraph.hasPrefix(CommandHelp.examplesHeading) {
                // A command indented by two spaces, its note (if any) on the next line, by six.
                for line in paragraph.split(separator: "\n").dropFirst() {
                    let text = line.trimmingCharacters(in: .whitespaces)
                    if line.hasPrefix("      "), let last = examples.popLast() {
                        examples.append(Example(command: last.command, note: text))
                    } else {
                        examples.append(Example(command: text, note: ""))
                    }
                }
            } else {
                does.append(paragraph)
            }
        }
        self.does = does.joined(separator: " ")
        self.json = json
        self.examples = examples
    }
}
