/// An amount of money as a whole number of minor units (cents), never a floating-point value.
///
/// Prices arrive as JSON numbers such as `549.99`. Kept as `Double`, sums and
/// comparisons drift (`0.1 + 0.2 != 0.3`); kept as 54999 cents, they are exact.
public struct Money: Hashable, Sendable {
    public let minorUnits: Int
    public let currency: Currency

    public init(minorUnits: Int, currency: Currency) {
        self.minorUnits = minorUnits
        self.currency = currency
    }

    /// Converts a decimal amount in major units, e.g. `549.99` dollars, to minor units,
    /// rounding half away from zero to the nearest cent.
    ///
    /// This is exact for every amount written with at most the currency's digits: the
    /// double nearest to 549.99, times 100, is within one ulp of 54999, far closer than
    /// the half-cent that rounding needs. That holds while the scaled value stays below
    /// 2^52, so larger amounts (and NaN or infinity) are refused instead of guessed.
    public init(amount: Double, currency: Currency) throws(InvalidInput) {
        let scaled = amount * Double(currency.minorUnitsPerMajorUnit)
        let limit = 4_503_599_627_370_496.0 // 2^52
        guard scaled.isFinite, abs(scaled) < limit else {
            throw InvalidInput(field: "price", reason: "must be a finite amount below 2^52 minor units")
        }
        self.init(minorUnits: Int(scaled.rounded(.toNearestOrAwayFromZero)), currency: currency)
    }

    /// The amount in major units, for wire formats (JSON) that want a number such as `549.99`.
    public var amount: Double {
        Double(minorUnits) / Double(currency.minorUnitsPerMajorUnit)
    }
}

extension Money: CustomStringConvertible {
    /// The amount as a person reads it: `$549.99`, `$1,299.00`, `-$5.00`.
    public var description: String {
        let perMajor = currency.minorUnitsPerMajorUnit
        // `magnitude` is a UInt, so Int.min cannot overflow here.
        let magnitude = minorUnits.magnitude
        let major = magnitude / UInt(perMajor)
        let minor = magnitude % UInt(perMajor)
        let sign = minorUnits < 0 ? "-" : ""
        var text = sign + currency.symbol + Money.grouped(major)
        if currency.minorUnitDigits > 0 {
            let digits = String(minor)
            text += "." + String(repeating: "0", count: currency.minorUnitDigits - digits.count) + digits
        }
        return text
    }

    /// `1234567` as `1,234,567`.
    private static func grouped(_ value: UInt) -> String {
        let digits = Array(String(value))
        var result = ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 {
                result.append(",")
            }
            result.append(digit)
        }
        return result
    }
}

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
