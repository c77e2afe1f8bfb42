/// An ISO 4217 currency: its code, the symbol shown before amounts, and how many
/// minor units (cents) make up one major unit.
public struct Currency: Hashable, Sendable {
    public let code: String
    public let symbol: String
    public let minorUnitDigits: Int

    /// Fails unless `code` is three uppercase ASCII letters and `minorUnitDigits` is 0 to 4
    /// (ISO 4217 has nothing finer).
    public init(code: String, symbol: String, minorUnitDigits: Int) throws(InvalidInput) {
        guard code.utf8.count == 3, code.utf8.allSatisfy({ $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") }) else {
            throw InvalidInput(field: "currency", reason: "must be a three-letter ISO 4217 code")
        }
        guard (0...4).contains(minorUnitDigits) else {
            throw InvalidInput(field: "currency", reason: "must have 0 to 4 minor-unit digits")
        }
        self.code = code
        self.symbol = symbol
        self.minorUnitDigits = minorUnitDigits
    }

    private init(validCode: String, symbol: String, minorUnitDigits: Int) {
        self.code = validCode
        self.symbol = symbol
        self.minorUnitDigits = minorUnitDigits
    }

    /// US dollars: the currency of every price the store API sends.
    public static let usd = Currency(validCode: "USD", symbol: "$", minorUnitDigits: 2)

    /// How many minor units make one major unit: 100 for dollars.
    var minorUnitsPerMajorUnit: Int {
        (0..<minorUnitDigits).reduce(1) { product, _ in product * 10 }
    }
}
