/// The times of `curve`'s rows, t = i × step, worked out exactly and rounded to a double once,
/// so that they print as a person would write them: 3 × 0.3 is 0.9, where the double product
/// is 0.8999999999999999. Each row's state is then computed at exactly the time it prints.
enum RowTimes {
    /// A step given in decimal: significand × 10^−decimals, its digits as Swift prints it.
    case decimal(significand: UInt64, decimals: Int)
    /// So many rows a second: the ticks of a loop, i / rate.
    case rate(Double)

    /// The rows of a typed step, in the decimal digits it prints with: the digits typed, since
    /// Swift prints a double as the shortest text that reads back as it (0.30 prints as 0.3).
    init(step: Double) {
        // "0.3", "100.0", "1e-07", "1.5e+20": the forms Swift prints a finite double in, so the
        // pieces below always parse.
        let parts = "\(step)".split(separator: "e")
        let exponent = parts.count == 2 ? Int(parts[1])! : 0
        let mantissa = parts[0].split(separator: ".", omittingEmptySubsequences: false)
        let fraction = mantissa.count == 2 && mantissa[1] != "0" ? String(mantissa[1]) : ""
        // At most 17 significant digits, so the significand fits in 64 bits.
        self = .decimal(significand: UInt64(String(mantissa[0]) + fraction)!, decimals: fraction.count - exponent)
    }

    /// Row `i`'s time: the exact product rounded once to the nearest double.
    func time(ofRow i: Int) -> Double {
        switch self {
        case .rate(let rate):
            // IEEE division rounds the exact quotient once.
            return Double(i) / rate
        case .decimal(let significand, let decimals):
            let (product, overflow) = significand.multipliedReportingOverflow(by: UInt64(i))
            if !overflow, product < 1 << 53, abs(decimals) < Self.exactPowersOfTen.count {
                // Both operands are exact doubles, so one multiplication or division rounds the
                // exact value once (Clinger's fast path): the same double as reading the text.
                let power = Self.exactPowersOfTen[abs(decimals)]
                return decimals >= 0 ? Double(product) / power : Double(product) * power
            }
            // The product has at most 17 + 8 digits: split it at 10^19 to print it.
            let (high, low) = Self.tenToThe19.dividingFullWidth(significand.multipliedFullWidth(by: UInt64(i)))
            let digits =
                high == 0 ? "\(low)" : "\(high)" + String(repeating: "0", count: 19 - "\(low)".count) + "\(low)"
            // Reading decimal text rounds it correctly; digits and an exponent always read.
            return Double("\(digits)e\(-decimals)")!
        }
    }

    private static let tenToThe19: UInt64 = 10_000_000_000_000_000_000
    /// 10^0 … 10^22, every power of ten a double holds exactly.
    private static let exactPowersOfTen: [Double] = (0...22).map { (0..<$0).reduce(1.0) { value, _ in value * 10 } }
}
