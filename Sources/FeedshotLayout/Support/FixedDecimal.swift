/// Decimal text with a fixed number of fraction digits and a full stop, whatever the process's C
/// locale.
///
/// On Linux, Foundation's `String(format: "%.1f", …)` prints with the C library's `LC_NUMERIC`:
/// a host that called `setlocale(LC_ALL, "")` under a Turkish or German locale turned a post's
/// "1.2K likes" into "1,2K likes" when counts were printed that way (the kit interpolates the
/// `Double`, as `FeedFormatting.abbreviated` now does). The snapshot reports, the access log, the
/// metrics and the CLI's timings print fixed decimals with this. The `feedshot` command sets no
/// locale; a library's host may.
package enum FixedDecimal {
    /// `value` with `digits` fraction digits (0 to 9), rounded half away from zero: 1.25 with one
    /// digit is "1.3", -0.04 with one is "-0.0". Values too large for that many digits in 63 bits
    /// (about 9.2e18 over 10 to the `digits`) and non-finite values print as Swift prints them.
    package static func text(_ value: Double, digits: Int) -> String {
        precondition((0...9).contains(digits), "FixedDecimal.text takes 0 to 9 digits (got \(digits))")
        var scale: UInt64 = 1
        for _ in 0..<digits { scale *= 10 }
        let scaled = (value.magnitude * Double(scale)).rounded()
        guard value.isFinite, scaled < 9.2e18 else { return "\(value)" }
        let units = UInt64(scaled)
        let sign = value.sign == .minus ? "-" : ""
        guard digits > 0 else { return sign + String(units) }
        let fraction = String(units % scale)
        return sign + String(units / scale) + "." + String(repeating: "0", count: digits - fraction.count) + fraction
    }
}
