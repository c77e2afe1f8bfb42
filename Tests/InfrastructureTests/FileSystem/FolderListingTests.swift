import Foundation
import Infrastructure
import TestSupport
import Testing

/// The listing a store's housekeeping reads: regular files only, each with its size
/// and modification time, from one pass over the folder.
@Suite("A folder's files", .timeLimit(.minutes(1)))
struct FolderListingTests {
    @Test("regular files with size and time; links, folders and a missing folder give nothing")
    func regularFilesOnly() throws {
        let temporary = try TemporaryDirectory()
        try PrivateFiles.writeAtomically(Array("12345".utf8), to: temporary.file("a.json"))
        try PrivateFiles.writeAtomically([], to: temporary.file("b.tmp"))
        try PrivateFiles.createDirectory(at: temporary.file("folder.json"))
        #expect(symlink(temporary.file("a.json"), temporary.file("link.json")) == 0)
        let written = try #require(FileManager.default.attributesOfItem(atPath: temporary.file("a.json"))[.modificationDate] as? Date)

        let files = PrivateFiles.files(in: temporary.path).sorted { $0.name < $1.name }

        #expect(files.map(\.name) == ["a.json", "b.tmp"])
        #expect(files.map(\.size) == [5, 0])
        #expect(files.first?.path == temporary.file("a.json"))
        #expect(abs((files.first?.modified ?? .distantPast).timeIntervalSince(written)) < 0.001)
        #expect(PrivateFiles.files(in: temporary.file("missing")).isEmpty)
    }
}
