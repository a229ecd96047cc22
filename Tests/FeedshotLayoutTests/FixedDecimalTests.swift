import Foundation
import Testing

@testable import FeedshotLayout

/// Decimal numbers Feedshot prints (counts in posts, reports, logs, metrics) have a full stop,
/// whatever the process's C locale.
struct FixedDecimalTests {
    @Test func fixedDecimalsHaveAFullStopAndRoundHalfAwayFromZero() {
        #expect(FixedDecimal.text(1.25, digits: 1) == "1.3")
        #expect(FixedDecimal.text(-3.14159, digits: 3) == "-3.142")
        #expect(FixedDecimal.text(0.05, digits: 2) == "0.05")
        #expect(FixedDecimal.text(7, digits: 3) == "7.000")
        #expect(FixedDecimal.text(1_234.5, digits: 0) == "1235")
        #expect(FixedDecimal.text(1_764_000_000.126, digits: 2) == "1764000000.13")
        #expect(FixedDecimal.text(.infinity, digits: 1) == "inf")
        #expect(FixedDecimal.text(1e20, digits: 2) == "1e+20")
    }

    /// Foundation's `String(format: "%.1f")` on Linux follows the C library's numeric locale, which
    /// a library's host may set (`setlocale(LC_ALL, "")`): under German, "1.2K likes" became
    /// "1,2K likes". This thread takes a German numeric locale (made by `localedef`, from Debian's
    /// `locales`, which `scripts/install-deps --test` installs) and the counts keep their full stop.
    @Test func countsKeepAFullStopUnderAGermanNumericLocale() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("feedshot-locale-\(getpid())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let localedef = Process()
        localedef.executableURL = URL(fileURLWithPath: "/usr/bin/localedef")
        localedef.arguments = ["-i", "de_DE", "-f", "UTF-8", directory.appendingPathComponent("de_DE.UTF-8").path]
        try localedef.run()
        localedef.waitUntilExit()
        try #require(localedef.terminationStatus == 0, "localedef could not make de_DE.UTF-8 (is Debian's locales installed?)")
        let german = try #require(
            directory.path.withCString { path in
                setenv("LOCPATH", path, 1)
                defer { unsetenv("LOCPATH") }
                return newlocale(LC_NUMERIC_MASK, "de_DE.UTF-8", nil)
            })
        defer { freelocale(german) }
        let previous = uselocale(german)
        defer { uselocale(previous) }
        try #require(String(format: "%.1f", 1.5) == "1,5", "this thread's numeric locale is not German")
        #expect(FeedFormatting.abbreviated(1_234) == "1.2K")
        #expect(FeedFormatting.abbreviated(2_500_000) == "2.5M")
        #expect(FixedDecimal.text(0.125, digits: 2) == "0.13")
    }

    /// No source formats a floating-point number with `String(format:)` (the locale's separator).
    @Test func noSourceFormatsAFractionWithTheCLocale() throws {
        let sources = JSONTreeDecoderTests.root.appendingPathComponent("Sources")
        let files = try #require(FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil)?.allObjects as? [URL])
            .filter { $0.pathExtension == "swift" && $0.lastPathComponent != "FixedDecimal.swift" }
        #expect(files.count > 100)
        let pattern = try Regex(#"String\(format: "[^"]*%[-+ #0-9.]*[fFeEgG]"#)
        for file in files {
            for (number, line) in try String(contentsOf: file, encoding: .utf8).split(separator: "\n").enumerated()
            where line.contains(pattern) {
                Issue.record("\(file.lastPathComponent):\(number + 1) formats a fraction with String(format:); use FixedDecimal.text")
            }
        }
    }
}
