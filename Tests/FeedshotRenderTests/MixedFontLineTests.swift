import Foundation
import Testing

@testable import FeedshotLayout
@testable import FeedshotRender

/// A line that needs another script's face is as tall as CoreText makes it: the largest ascent
/// of its runs' fonts above the baseline plus the largest descent below (`CTLineGetTypographicBounds`
/// gives the line's ascent and descent as those of its tallest runs). Each face's ascent and
/// descent are read independently from its hhea table by fontTools. Devanagari tells the rule from
/// "the tallest font's line height": its face is shorter above the baseline than the system font
/// and deeper below, so the mixed line is taller than either font's own line.
struct MixedFontLineTests {
    /// (ascent, descent) of the bundled `file` at `size`, from its hhea table.
    static func extents(file: String, size: Double) throws -> (Double, Double) {
        let hhea = try FontTables.hhea(file)
        return (hhea.ascent * size, hhea.descent * size)
    }

    @Test(
        .needsFontTools,
        arguments: [
            ("Hi مرحبا", "NotoSansArabicUI-Regular.ttf"), ("Hi שלום", "NotoSansHebrew-Regular.ttf"),
            ("Hi สวัสดี", "NotoSansThai-Regular.ttf"), ("Hi नमस्ते", "NotoSansDevanagari-Regular.ttf"),
        ])
    func aLineInTwoFontsTakesTheLargestAscentAndTheLargestDescent(text: String, face: String) throws {
        let size = 15.0
        let system = try Self.extents(file: "FeedshotInter-Regular.otf", size: size)
        let script = try Self.extents(file: face, size: size)
        let expected = max(system.0, script.0) + max(system.1, script.1)
        let measured = PangoTextMeasurer(cached: false).measure(StyledText(text, font: FontSpec(size: size)), width: 1_000)
        #expect(measured.lines.count == 1)
        #expect(abs(measured.height - expected) < 0.01, "\(text): \(measured.height), expected \(expected)")
        #expect(measured.height > system.0 + system.1 && measured.height > script.0 + script.1 - 0.01)
    }
}
