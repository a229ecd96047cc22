import Foundation

/// File sizes as `AmityFile.formattedFileSize()` writes them (`Components/DocumentPicker/AmityFile.swift:77-83`):
/// `ByteCountFormatter` with `countStyle = .file` and `allowedUnits = [.useBytes, .useKB, .useMB, .useGB]`,
/// reproduced with whole-number arithmetic (the outputs of swift-corelibs-foundation's formatter):
///
/// - 0 is "Zero KB"; under 1,000 bytes "1 byte", "999 bytes";
/// - 1 KB is 1,000 bytes: the unit is KB under 10⁶ bytes, MB under 10⁹, else GB;
/// - KB shows no decimals, MB one, GB two, trailing zeros dropped ("2 MB", "1.2 GB");
/// - rounded half to even on the exact value (2,500 → "2 KB", 3,500 → "4 KB"), never promoted to
///   the next unit (999,500 → "1,000 KB");
/// - thousands grouped with "," ("1,234.57 GB").
enum ByteCountFormatting {
    static func fileSize(_ bytes: Int64, strings: Strings) -> String {
        guard bytes != 0 else { return strings(.byteCountZero) }
        let magnitude = bytes.magnitude
        guard magnitude >= 1000 else { return strings.plural(.byteCountBytes, count: Int(bytes), strings.number(String(bytes))) }
        let (key, divisor, fractionDigits): (StringKey, UInt64, Int) =
            magnitude < 1_000_000
            ? (.byteCountKB, 1000, 0) : magnitude < 1_000_000_000 ? (.byteCountMB, 100_000, 1) : (.byteCountGB, 10_000_000, 2)
        // The value × 10^fractionDigits, rounded half to even.
        var (scaled, remainder) = magnitude.quotientAndRemainder(dividingBy: divisor)
        if 2 * remainder > divisor || (2 * remainder == divisor && scaled % 2 == 1) { scaled += 1 }
        let power = UInt64(fractionDigits == 0 ? 1 : fractionDigits == 1 ? 10 : 100)
        var number = grouped(scaled / power)
        var fraction = String(scaled % power)
        if fractionDigits > 0 {
            fraction = String(repeating: "0", count: fractionDigits - fraction.count) + fraction
            while fraction.hasSuffix("0") { fraction.removeLast() }
            if !fraction.isEmpty { number += "." + fraction }
        }
        return strings(key, strings.number((bytes < 0 ? "-" : "") + number))
    }

    /// `1234567` → "1,234,567".
    static func grouped(_ value: UInt64) -> String {
        var digits = Array(String(value))
        var index = digits.count - 3
        while index > 0 {
            digits.insert(",", at: index)
            index -= 3
        }
        return String(digits)
    }
}
