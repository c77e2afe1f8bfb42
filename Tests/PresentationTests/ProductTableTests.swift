import Domain
@testable import Presentation
import TestSupport
import Testing

/// The table's columns are measured on the text as it will be shown, so a server's
/// control characters (escaped to be harmless) cannot push a column out of line.
@Suite("ProductTable", .timeLimit(.minutes(1)))
struct ProductTableTests {
    @Test("a title or brand with control characters is escaped before the columns are measured", arguments: [nil, 60] as [Int?])
    func controlCharactersKeepColumns(width: Int?) throws {
        let products = [
            try DisplaySamples.product(1, "Plain title", brand: "Acme", cents: 100),
            try DisplaySamples.product(2, "Evil\u{1B}[2J\u{9B}31m\nsecond line\tTab", brand: "Br\u{07}and", cents: 200),
        ]

        let lines = ProductTable.lines(for: products, width: width).map(\.plain)

        try #require(lines.count == 3)
        let brandColumn = try #require(lines[0].range(of: "BRAND")).lowerBound.utf16Offset(in: lines[0])
        for (line, brand) in zip(lines.dropFirst(), ["Acme", #"Br\u0007and"#]) {
            #expect(!line.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }, "\(line.debugDescription)")
            #expect(String(line.utf16.dropFirst(brandColumn)).map { $0.hasPrefix(brand) } == true, "out of line: \(lines)")
        }
        if width == nil {
            #expect(lines[2].contains(#"Evil\u001b[2J\u009b31m\u000asecond line\u0009Tab"#), "\(lines[2])")
        }
    }
}
