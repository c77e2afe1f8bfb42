import Domain
import Foundation
@testable import Presentation
import TestSupport
@testable import Styling
import Testing

/// What the presenters mark for a terminal that shows colour, how the table fits a
/// width, and when they say a wait is under way. The plain text is the other tests'.
@Suite("Styles, widths and waits", .timeLimit(.minutes(1)))
struct StyledOutputTests {
    private func search(width: Int?, result: Result<Fetched<ProductPage>, StoreError>) async throws -> SpyOutput {
        let output = SpyOutput()
        let presenter = SearchPresenter(
            searchProducts: SearchProducts(repository: StubProductRepository(result: result)),
            console: Console(output: output, format: .human, width: width, now: { Date(timeIntervalSince1970: 1_800_000_000) })
        )
        await presenter.search(try SearchQuery(text: "phone", page: 1, pageSize: 10))
        return output
    }

    private func longTitles() throws -> ProductPage {
        let products = try [
            DisplaySamples.product(1, "An exceptionally long title for a pair of headphones", brand: "Sony", cents: 34_999),
            DisplaySamples.product(2, "日本語のとても長い商品名のスマートフォン", brand: nil, cents: 99_900),
            DisplaySamples.product(3, "🎧🎧 Studio headphones 🎧 with noise cancelling", brand: "Beats", cents: 19_999),
        ]
        return try ProductPage(items: products, total: 3, paging: Paging(page: 1, pageSize: 10))
    }

    @Test("the heading, prices, ratings and what the eye may skip are marked; the rest is not")
    func tableStyles() async throws {
        let output = try await search(width: nil, result: .success(Fetched(try DisplaySamples.page(), from: .network)))

        let heading = try #require(output.styledOutput.first)
        #expect(heading.runs.filter { $0.text != "  " }.allSatisfy { $0.style == .heading })
        let row = output.styledOutput[1].runs.filter { !$0.text.trimmingCharacters(in: .whitespaces).isEmpty }
        #expect(row.map(\.style) == [.secondary, nil, nil, .price, .score, nil])
        #expect(row.first { $0.style == .price }?.text.contains("$549.99") == true)
        #expect(output.styledOutput.last?.runs.first?.style == .secondary)
    }

    @Test("on a terminal the table fits its width, titles cut with … by display width")
    func fitsTheWidth() async throws {
        let output = try await search(width: 60, result: .success(Fetched(try longTitles(), from: .network)))

        let lines = output.standardOutput.prefix(4)
        #expect(lines.allSatisfy { DisplayWidth.of($0) <= 60 }, "\(lines)")
        #expect(lines[1].contains("An exceptionally long ti…"))
        #expect(DisplayWidth.of(lines[1]) == 60, "the title takes the room there is")
        // Wide characters take two columns each: the cut counts columns, not characters.
        // (25 columns: twelve wide characters and the ellipsis; an emoji that would
        // straddle the edge gives way to a space.)
        #expect(lines[2].contains("  日本語のとても長い商品名…  "))
        #expect(lines[3].contains("  🎧🎧 Studio headphones …   Beats"))
        #expect(lines[1].hasSuffix("$349.99    4.50      7"))
    }

    @Test("piped, every title is whole")
    func wholeWhenPiped() async throws {
        let output = try await search(width: nil, result: .success(Fetched(try longTitles(), from: .network)))

        #expect(output.standardOutput[1].contains("An exceptionally long title for a pair of headphones"))
        #expect(output.standardOutput[2].contains("日本語のとても長い商品名のスマートフォン"))
        #expect(output.standardOutput[3].contains("🎧🎧 Studio headphones 🎧 with noise cancelling"))
    }

    @Test("a wait is begun before the repository is asked and ended before anything is printed, error or not")
    func activity() async throws {
        let answered = try await search(width: nil, result: .success(Fetched(try DisplaySamples.page(), from: .network)))
        #expect(answered.activities == ["begin Searching", "end"])

        let failed = try await search(width: nil, result: .failure(.offline))
        #expect(failed.activities == ["begin Searching", "end"])
        #expect(failed.styledError.first?.runs.first == StyledText.Run(text: "storefront:", style: .error))
    }

    @Test("a cached answer's line is a warning")
    func cacheNotice() async throws {
        let output = try await search(width: nil, result: .success(Fetched(try DisplaySamples.page(), from: .cache(age: .seconds(60), reason: .backendUnreachable))))

        #expect(output.styledError.first?.runs.map(\.style) == [.warning])
    }

    @Test("styled text cut to a width keeps each run's style")
    func truncateStyled() {
        let text = StyledText("ID  ", style: .secondary) + StyledText("A long title here", style: nil) + StyledText("  $1.00", style: .price)

        let cut = DisplayWidth.truncate(text, to: 10)

        #expect(cut.plain == "ID  A lon…")
        #expect(cut.runs.map(\.style) == [.secondary, nil])
        #expect(DisplayWidth.truncate(text, to: 100) == text)
    }
}
