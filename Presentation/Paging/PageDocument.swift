import Domain
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The `--json` document of a page of any list (CLI.md): what it was asked for
/// (`query`, `category`, or nothing), its place (`total`, `skip`, `limit`), where it came
/// from (`source`, and `cachedAt` for a kept answer), and its items under the list's own
/// key (`products`, `posts`). Keys are sorted as every document's are.
struct PageDocument<Entry: Encodable>: Encodable {
    let total: Int
    let skip: Int
    let limit: Int
    let source: String
    let cachedAt: String?
    let subject: (key: String, value: String)?
    let itemsKey: String
    let entries: [Entry]

    init<Item>(page: Page<Item>, origin: Origin, now: Date, subject: (key: String, value: String)?, itemsKey: String, entries: [Entry]) {
        total = page.total
        skip = page.skip
        limit = page.pageSize
        source = origin.source
        cachedAt = origin.cachedAt(now: now)
        self.subject = subject
        self.itemsKey = itemsKey
        self.entries = entries
    }

    /// A key named at run time: the subject's and the items'.
    private struct Key: CodingKey {
        let stringValue: String
        var intValue: Int? { nil }
        init(_ name: String) { stringValue = name }
        init?(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        if let subject { try container.encode(subject.value, forKey: Key(subject.key)) }
        try container.encode(total, forKey: Key("total"))
        try container.encode(skip, forKey: Key("skip"))
        try container.encode(limit, forKey: Key("limit"))
        try container.encode(source, forKey: Key("source"))
        try container.encodeIfPresent(cachedAt, forKey: Key("cachedAt"))
        try container.encode(entries, forKey: Key(itemsKey))
    }
}
