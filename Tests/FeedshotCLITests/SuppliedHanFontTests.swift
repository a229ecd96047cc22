import Foundation
import Testing

/// Apple's own face for a document's Chinese characters — PingFang SC, Hiragino Sans for
/// Japanese, PingFang TC for Traditional Chinese — draws them where a team adds its files with
/// `--font-dir`, before the bundled stand-ins, as SF Pro does for the system font. Apple's fonts
/// cannot ship here, so the test writes stand-ins with fontTools: a bundled CJK face renamed to
/// Apple's family, with Noto Sans CJK's own vertical metrics (ascender 1.16, descender 0.288 em)
/// in place of WenQuanYi Micro Hei's, so a line of Chinese characters is 22 points tall at 15
/// points where the bundled faces make it 18: the height says which face drew it.
struct SuppliedHanFontTests {
    let cli = CLITests()

    /// Copies `source` as the family `family`, with Noto Sans CJK's vertical metrics. Only the
    /// name, hhea and OS/2 tables change (fontconfig and Pango read the family and the metrics
    /// there); the glyphs are copied as they are.
    static let makeFont = #"""
        import sys
        from fontTools.ttLib import TTFont
        src, out, family = sys.argv[1], sys.argv[2], sys.argv[3]
        font = TTFont(src, lazy=True)
        names = font['name']
        for record in names.names:
            if record.nameID in (1, 16): record.string = family
            elif record.nameID == 4: record.string = family + " Regular"
            elif record.nameID == 6: record.string = family.replace(" ", "") + "-Regular"
        units = font['head'].unitsPerEm
        ascent, descent = round(1.16 * units), round(0.288 * units)
        font['hhea'].ascent, font['hhea'].descent, font['hhea'].lineGap = ascent, -descent, 0
        os2 = font['OS/2']
        os2.sTypoAscender, os2.sTypoDescender, os2.sTypoLineGap = ascent, -descent, 0
        os2.usWinAscent, os2.usWinDescent = ascent, descent
        font.save(out)
        """#

    /// The height of message "m1", a line of Chinese characters at 15 points, in a document of
    /// `locale`, with the fonts of `fontDir` added.
    func messageHeight(locale: String, fontDir: URL?) throws -> Double {
        let document = Data(
            """
            {"kind": "chat", "width": 375, "me": "u1", "locale": "\(locale)", "now": "2026-11-29T12:00:00Z", "users": {"u1": {"displayName": "Me"}},
             "messages": [{"id": "m1", "from": "u1", "type": "text", "sentAt": "2026-11-29T11:58:00Z", "text": "今日直接"}]}
            """.utf8)
        let text = try cli.layout(document, fontDir: fontDir).text
        return try #require((text["frame"] as? [String: Any])?["height"] as? Double)
    }

    /// Writes `source` (a bundled file) into `folder` as Apple's `family`.
    static func write(_ family: String, from source: String, into folder: URL) throws {
        let made = try python([
            "-c", makeFont, CLITests.root.appendingPathComponent("fonts/\(source)").path,
            folder.appendingPathComponent(family.replacingOccurrences(of: " ", with: "") + "-Regular.otf").path, family,
        ])
        try #require(made.status == 0, "\(made.output)")
    }

    /// With SF Pro's files too, the system font's own list (`SystemFont`) keeps the document's
    /// cascade: Hiragino Sans still draws a Japanese document's characters.
    @Test(.needsFontTools)
    func withSFProSuppliedTooTheCascadeHolds() throws {
        let fonts = try SuppliedSystemFontTests.fonts()
        try Self.write("Hiragino Sans", from: "FeedshotNotoSansJP-Regular.otf", into: fonts)
        #expect(try messageHeight(locale: "ja_JP", fontDir: fonts) == 22)
        #expect(try messageHeight(locale: "en_US", fontDir: fonts) == 18)
    }

    @Test(
        .needsFontTools,
        arguments: [
            ("en_US", "PingFang SC", "FeedshotNotoSansTC-Regular.otf"), ("ja_JP", "Hiragino Sans", "FeedshotNotoSansJP-Regular.otf"),
            ("zh_TW", "PingFang TC", "FeedshotNotoSansTC-Regular.otf"),
        ])
    func applesFaceDrawsTheDocumentsChineseCharactersWhereSupplied(locale: String, family: String, source: String) throws {
        let fonts = TestScratch.root.appendingPathComponent("han-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: fonts, withIntermediateDirectories: true)
        try Self.write(family, from: source, into: fonts)
        // 15 × (1.16 + 0.288) = 21.7 → 22 with the supplied face; 15 × 1.172 = 17.6 → 18 bundled.
        #expect(try messageHeight(locale: locale, fontDir: nil) == 18)
        #expect(try messageHeight(locale: locale, fontDir: fonts) == 22)
        // Another language's Apple face is not this document's: a Japanese face does not draw an
        // English document's characters, nor PingFang SC a Japanese one's.
        let other = locale == "ja_JP" ? "en_US" : "ja_JP"
        #expect(try messageHeight(locale: other, fontDir: fonts) == 18)
    }
}
