import Foundation
import Testing

/// Apple's own face for a document's Chinese characters — PingFang SC, Hiragino Sans for
/// Japanese, PingFang TC for Traditional Chinese, Apple SD Gothic Neo for Korean (and for Hangul
/// in every language) — draws them where a team adds its files with `--font-dir`, before the
/// bundled stand-ins, as SF Pro does for the system font, and Apple Color Emoji draws emoji.
/// Apple's fonts cannot ship here, so the test writes stand-ins with fontTools: a bundled face
/// renamed to Apple's family, with Noto Sans CJK's own vertical metrics (ascender 1.16, descender
/// 0.288 em) in place of WenQuanYi Micro Hei's, so a line of Chinese characters is 22 points tall
/// at 15 points where the bundled faces make it 18: the height says which face drew it.
struct SuppliedHanFontTests {
    let cli = CLITests()

    /// Copies `source` (the first face of a collection) as the family `family`, with Noto Sans
    /// CJK's vertical metrics unless a fourth argument says `keep`. Only the name, hhea and OS/2
    /// tables change (fontconfig and Pango read the family and the metrics there); the glyphs are
    /// copied as they are.
    static let makeFont = #"""
        import sys
        from fontTools.ttLib import TTFont
        src, out, family = sys.argv[1], sys.argv[2], sys.argv[3]
        font = TTFont(src, lazy=True, fontNumber=0)
        names = font['name']
        for record in names.names:
            if record.nameID in (1, 16): record.string = family
            elif record.nameID == 4: record.string = family + " Regular"
            elif record.nameID == 6: record.string = family.replace(" ", "") + "-Regular"
        if sys.argv[4:] == ["keep"]:
            font.save(out)
            sys.exit(0)
        units = font['head'].unitsPerEm
        ascent, descent = round(1.16 * units), round(0.288 * units)
        font['hhea'].ascent, font['hhea'].descent, font['hhea'].lineGap = ascent, -descent, 0
        os2 = font['OS/2']
        os2.sTypoAscender, os2.sTypoDescender, os2.sTypoLineGap = ascent, -descent, 0
        os2.usWinAscent, os2.usWinDescent = ascent, descent
        font.save(out)
        """#

    /// A chat of `locale` whose message "m1" is `text` (the date header and times say "today" and
    /// "11:58" in the locale's words).
    static func document(locale: String, text: String = "今日直接") -> Data {
        Data(
            """
            {"kind": "chat", "width": 375, "me": "u1", "locale": "\(locale)", "now": "2026-11-29T12:00:00Z", "users": {"u1": {"displayName": "Me"}},
             "messages": [{"id": "m1", "from": "u1", "type": "text", "sentAt": "2026-11-29T11:58:00Z", "text": "\(text)"}]}
            """.utf8)
    }

    /// The height of message "m1", a line of `text` (Chinese characters) at 15 points, in a
    /// document of `locale`, with the fonts of `fontDir` added.
    func messageHeight(locale: String, text: String = "今日直接", fontDir: URL?) throws -> Double {
        let text = try cli.layout(Self.document(locale: locale, text: text), fontDir: fontDir).text
        return try #require((text["frame"] as? [String: Any])?["height"] as? Double)
    }

    /// Writes `source` (a bundled file) into `folder` as Apple's `family`, with its own vertical
    /// metrics where `keepingMetrics`.
    static func write(_ family: String, from source: String, into folder: URL, keepingMetrics: Bool = false) throws {
        let made = try python(
            [
                "-c", makeFont, CLITests.root.appendingPathComponent("fonts/\(source)").path,
                folder.appendingPathComponent(family.replacingOccurrences(of: " ", with: "") + "-Regular.otf").path, family,
            ] + (keepingMetrics ? ["keep"] : []))
        try #require(made.status == 0, "\(made.output)")
    }

    /// `--strict-fonts` on `document` with the fonts of `fontDir`: its exit status and error.
    func strict(_ document: Data, fontDir: URL) throws -> (status: Int32, stderr: String) {
        let file = try cli.temporaryDirectory().appendingPathComponent("doc.json")
        try document.write(to: file)
        let run = try cli.run(["layout", file.path, "--font-dir", fontDir.path, "--strict-fonts"])
        return (run.status, run.stderr)
    }

    /// The faces that drew the `text` role's characters besides its own font's, as `layout`
    /// lists them (`family` and `standsInFor`, "-" for none).
    func otherFaces(_ document: Data, fontDir: URL) throws -> [String] {
        let uses = try #require(try cli.layout(document, fontDir: fontDir).layout["fonts"] as? [[String: Any]])
        let text = try #require(uses.first { $0["role"] as? String == "text" && $0["size"] as? Double == 15 })
        let faces = (text["otherFaces"] as? [[String: Any]]) ?? []
        return faces.map { "\($0["family"] as? String ?? "?")/\($0["standsInFor"] as? String ?? "-")" }
    }

    /// With SF Pro supplied, `--strict-fonts` accepts a Japanese document whose kanji the bundled
    /// Japanese face draws (Apple does not offer Hiragino Sans for download), and `fonts` says
    /// that face stands in for Hiragino Sans, until Hiragino Sans is supplied too.
    @Test(.needsFontTools)
    func theCascadesStandInIsListedNotRefused() throws {
        let fonts = try SuppliedSystemFontTests.fonts()
        let japanese = Self.document(locale: "ja_JP")
        let strict = try strict(japanese, fontDir: fonts)
        #expect(strict.status == 0, "\(strict.stderr)")
        #expect(try otherFaces(japanese, fontDir: fonts) == ["Feedshot Noto Sans JP/Hiragino Sans"])
        try Self.write("Hiragino Sans", from: "FeedshotNotoSansJP-Regular.otf", into: fonts)
        #expect(try otherFaces(japanese, fontDir: fonts) == ["Hiragino Sans/-"])
    }

    /// Apple SD Gothic Neo draws Hangul in every language and, in Korean, the Chinese characters
    /// too, as on an iPhone; the bundled Japanese face keeps a Japanese document's kanji.
    @Test(.needsFontTools)
    func appleSDGothicNeoDrawsHangulAndKoreanHanja() throws {
        let fonts = TestScratch.root.appendingPathComponent("hangul-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: fonts, withIntermediateDirectories: true)
        try Self.write("Apple SD Gothic Neo", from: "wqy-microhei.ttc", into: fonts)
        #expect(try messageHeight(locale: "en_US", text: "안녕하세요", fontDir: nil) == 18)
        #expect(try messageHeight(locale: "en_US", text: "안녕하세요", fontDir: fonts) == 22)
        #expect(try messageHeight(locale: "ko_KR", fontDir: nil) == 18)
        #expect(try messageHeight(locale: "ko_KR", fontDir: fonts) == 22)
        #expect(try messageHeight(locale: "ja_JP", fontDir: fonts) == 18)
    }

    /// Apple Color Emoji draws emoji where supplied, in place of Noto Color Emoji, which stands
    /// in for it; `--strict-fonts` does not refuse the stand-in.
    @Test(.needsFontTools)
    func appleColorEmojiDrawsEmojiWhereSupplied() throws {
        let fonts = try SuppliedSystemFontTests.fonts()
        let emoji = Self.document(locale: "en_US", text: "Nice 😀")
        #expect(try otherFaces(emoji, fontDir: fonts) == ["Noto Color Emoji/Apple Color Emoji"])
        #expect(try strict(emoji, fontDir: fonts).status == 0)
        try Self.write("Apple Color Emoji", from: "NotoColorEmoji.ttf", into: fonts, keepingMetrics: true)
        #expect(try otherFaces(emoji, fontDir: fonts) == ["Apple Color Emoji/-"])
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
