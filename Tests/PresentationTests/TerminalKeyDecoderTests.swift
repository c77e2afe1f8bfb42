import Presentation
import Testing

@Suite("TerminalKeyDecoder", .timeLimit(.minutes(1)))
struct TerminalKeyDecoderTests {
    private func keys(_ bytes: [UInt8]) -> [TerminalKey] {
        TerminalKeyDecoder.keys(in: bytes)
    }

    @Test("printable ASCII and multi-byte UTF-8 become characters")
    func characters() {
        #expect(keys(Array("ph".utf8)) == [.edit(.character("p")), .edit(.character("h"))])
        #expect(keys(Array("é日".utf8)) == [.edit(.character("é")), .edit(.character("日"))])
    }

    @Test("control keys map to their edits", arguments: [
        (UInt8(0x7F), TerminalKey.edit(.backspace)), (0x08, .edit(.backspace)), (0x15, .edit(.clearQuery)),
        (0x17, .edit(.deleteWord)), (0x0E, .edit(.nextPage)), (0x10, .edit(.previousPage)),
        (0x0D, .edit(.enter)), (0x03, .quit), (0x04, .endOfInput),
    ])
    func controlKeys(byte: UInt8, key: TerminalKey) {
        #expect(keys([byte]) == [key])
    }

    @Test("escape sequences for arrows and page keys; a lone Esc is Esc; unknown ones are swallowed whole")
    func escapeSequences() {
        #expect(keys([0x1B, 0x5B, 0x41]) == [.edit(.up)])
        #expect(keys([0x1B, 0x4F, 0x42]) == [.edit(.down)])
        #expect(keys([0x1B, 0x5B, 0x35, 0x7E]) == [.edit(.previousPage)])
        #expect(keys([0x1B, 0x5B, 0x36, 0x7E, 0x61]) == [.edit(.nextPage), .edit(.character("a"))])
        #expect(keys([0x1B]) == [.edit(.escape)])
        // F5 is ESC [ 1 5 ~: none of its bytes may be typed into the query.
        #expect(keys([0x1B, 0x5B, 0x31, 0x35, 0x7E, 0x62]) == [.edit(.escape), .edit(.character("b"))])
    }

    /// Found by FuzzTerminalKeys: a lead byte without its continuation swallowed the
    /// bytes after it, so `[` and `6` typed after a stray 0xC3 were lost.
    @Test("a broken UTF-8 sequence costs only its own bytes, never the next letters")
    func brokenSequenceKeepsNextLetters() {
        #expect(keys([0xC3, 0x5B, 0x36]) == [.edit(.character("[")), .edit(.character("6"))])
        #expect(keys([0xE6, 0x97, 0x61, 0x62]) == [.edit(.character("a")), .edit(.character("b"))])
        #expect(keys([0xF0, 0x9F]) == [])
    }

    @Test("a C1 control character, valid UTF-8 as it is, is not typed as text")
    func controlCharacterIsNotText() {
        #expect(keys([0xC2, 0x85, 0x61]) == [.edit(.character("a"))])
    }
}
