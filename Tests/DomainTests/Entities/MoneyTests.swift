import Domain
import Testing

@Suite("Money", .timeLimit(.minutes(1)))
struct MoneyTests {
    @Test("DummyJSON's 549.99 is exactly 54999 cents")
    func convertsDummyJSONPrice() throws {
        #expect(try Money(amount: 549.99, currency: .usd).minorUnits == 54999)
    }

    @Test("every two-decimal amount converts exactly", arguments: [
        (0.0, 0), (0.01, 1), (0.1, 10), (0.29, 29), (9.95, 995), (10, 1000),
        (10.0, 1000), (19.99, 1999), (1234.56, 123_456), (99_999.99, 9_999_999), (-5.25, -525),
    ])
    func convertsExactly(amount: Double, minorUnits: Int) throws {
        #expect(try Money(amount: amount, currency: .usd).minorUnits == minorUnits)
    }

    @Test("all cent values from 0.00 to 100.00 survive the trip through Double")
    func exhaustiveCents() throws {
        for cents in 0...10_000 {
            // The double a JSON parser makes of "12.34" is the nearest to 1234 / 100.
            let amount = Double(cents) / 100
            #expect(try Money(amount: amount, currency: .usd).minorUnits == cents)
        }
    }

    @Test("refuses amounts it cannot represent exactly", arguments: [
        Double.nan, .infinity, -.infinity, 1e14, -1e14,
    ])
    func refusesUnrepresentable(amount: Double) {
        #expect(throws: InvalidInput.self) {
            _ = try Money(amount: amount, currency: .usd)
        }
    }

    @Test("formats as a person reads a price", arguments: [
        (54999, "$549.99"), (0, "$0.00"), (5, "$0.05"), (100, "$1.00"),
        (129_900, "$1,299.00"), (123_456_789, "$1,234,567.89"), (-500, "-$5.00"),
    ])
    func formats(minorUnits: Int, text: String) {
        #expect(Money(minorUnits: minorUnits, currency: .usd).description == text)
    }

    @Test("formats currencies without minor units and extreme values")
    func formatsOtherCurrencies() throws {
        let yen = try Currency(code: "JPY", symbol: "¥", minorUnitDigits: 0)
        #expect(Money(minorUnits: 1500, currency: yen).description == "¥1,500")
        #expect(Money(minorUnits: Int.min, currency: .usd).description == "-$92,233,720,368,547,758.08")
    }

    @Test("gives the amount back in major units for JSON")
    func amount() {
        #expect(Money(minorUnits: 54999, currency: .usd).amount == 549.99)
    }
}

@Suite("Currency", .timeLimit(.minutes(1)))
struct CurrencyTests {
    @Test("refuses codes that are not three uppercase letters", arguments: ["", "US", "usd", "USDX", "U$D", "ÜSD"])
    func refusesBadCodes(code: String) {
        #expect(throws: InvalidInput.self) {
            _ = try Currency(code: code, symbol: "$", minorUnitDigits: 2)
        }
    }

    @Test("refuses minor-unit digits outside 0...4", arguments: [-1, 5])
    func refusesBadDigits(digits: Int) {
        #expect(throws: InvalidInput.self) {
            _ = try Currency(code: "XTS", symbol: "¤", minorUnitDigits: digits)
        }
    }
}
