@testable import Data

/// One fuzz input read as a cache entry file, as `FileResponseCache` reads it: a JSON
/// header line, then the body. A crash, a hang, or a broken rule below is a finding:
/// - the body served is exactly the bytes after the first line break;
/// - an entry is taken only when its header survives being written and read again.
enum CacheEntryCheck {
    static func run(_ input: UnsafeRawBufferPointer) {
        let bytes = Array(input)
        guard let entry = FileResponseCache.split(bytes) else { return }
        guard let lineBreak = bytes.firstIndex(of: UInt8(ascii: "\n")) else { preconditionFailure("an entry without its header line") }
        precondition(entry.body == Array(bytes[(lineBreak + 1)...]), "the body served is not the bytes after the header")
        guard let written = FileResponseCache.entry(entry.header, entry.body) else { preconditionFailure("an entry read could not be written") }
        precondition(written.firstIndex(of: UInt8(ascii: "\n")) == written.count - entry.body.count - 1, "a header written spans lines")
        guard let again = FileResponseCache.split(written) else { preconditionFailure("an entry read does not survive being written") }
        precondition(again.header.key == entry.header.key && again.header.etag == entry.header.etag
            && again.header.freshForSeconds == entry.header.freshForSeconds, "an entry's header changed when written")
    }
}
