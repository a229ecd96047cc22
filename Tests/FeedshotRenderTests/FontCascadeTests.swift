import Foundation
import Testing

@testable import FeedshotLayout
@testable import FeedshotRender

/// A Japanese app's kanji are drawn with Japanese glyph forms (Feedshot Noto Sans JP, standing in
/// for a Japanese iPhone's Hiragino Sans), a Traditional Chinese app's with Traditional forms
/// (Feedshot Noto Sans TC, for PingFang TC), every other app's with Simplified Chinese forms
/// (WenQuanYi Micro Hei, for PingFang SC); only the forms change, never a height (docs/fonts.md,
/// "Glyph forms of Chinese characters").
struct FontCascadeTests {
    @Test(arguments: [
        ("ja", FontCascade.japanese), ("ja_JP", .japanese), ("ja-JP-u-ca-japanese", .japanese), ("en_US", .standard),
        ("zh_Hans", .standard), ("zh", .standard), ("zh_CN", .standard), ("zh-Hans-HK", .standard), ("zh-Hant-TW", .traditionalChinese),
        ("zh-Hant", .traditionalChinese), ("zh_TW", .traditionalChinese), ("zh_HK", .traditionalChinese), ("yue", .traditionalChinese),
        ("und-Hant", .traditionalChinese), ("nan-Hant-TW", .traditionalChinese), ("zh-Hant-CN", .traditionalChinese),
        ("yue-Hans", .standard),
        ("ja@calendar=japanese", .japanese),
        ("ko_KR", .korean), ("ko", .korean), ("jv", .standard),
    ])
    func theAppsLanguageChoosesTheCascade(identifier: String, cascade: FontCascade) throws {
        let locale = try LocaleIdentifier.locale(identifier).get()
        #expect(FontCascade(locale: locale) == cascade)
    }

    /// Which face draws each script, as Pango itself reports the font of each run.
    @Test func eachCascadeDrawsChineseCharactersWithItsOwnFace() throws {
        let text = StyledText("Lunch 直骨今日 ランチ 내일", font: FontSpec(size: 17))
        let inter = FontLibrary.standInFamily
        let wqy = FontLibrary.fallbackHanFamily
        // A space between two runs of one face is drawn in that face (Pango keeps the run whole).
        for cascade in FontCascade.allCases {
            let han = cascade.bundledHanFamily ?? wqy
            let runs = try PangoThreadContext.current(cascade).runFaces(of: text).map { "\($0.text)=\($0.family)" }
            #expect(runs == ["Lunch =\(inter)", "直骨今日 =\(han)", "ランチ =\(han)", "내일=\(wqy)"], "\(cascade)")
        }
        #expect(FontCascade.japanese.bundledHanFamily == "Feedshot Noto Sans JP")
        #expect(FontCascade.traditionalChinese.bundledHanFamily == "Feedshot Noto Sans TC")
    }

    /// A text in an app's own family (a document's `typography`), or with a span in one, falls
    /// back to the cascade's faces after it, as the system font's texts do.
    @Test func anAppsFamilyFallsBackToTheCascadesFaces() throws {
        let japanese = try PangoThreadContext.current(.japanese)
        let family = StyledText("今日", font: FontSpec(size: 15, family: FontLibrary.standInFamily))
        #expect(japanese.runFaces(of: family).map(\.family) == ["Feedshot Noto Sans JP"])
        var span = StyledText("Hi 今日", font: FontSpec(size: 15))
        span.spans = [StyledText.Span(start: 3, end: 9, family: FontLibrary.standInFamily)]
        #expect(japanese.runFaces(of: span).map(\.family) == [FontLibrary.standInFamily, "Feedshot Noto Sans JP"])
        // The contexts are kept by the cascade's raw value: its place among all the cases.
        #expect(FontCascade.allCases.enumerated().allSatisfy { $0.offset == $0.element.rawValue })
    }

    /// Japanese punctuation and quotation marks come from the cascade's face too; a character
    /// its face lacks from WenQuanYi Micro Hei (们, a simplified character, is not in JIS X 0213,
    /// and is in GB 2312, which the Traditional Chinese face has); one no listed face has (〜
    /// U+301C, which WenQuanYi Micro Hei lacks) from a bundled face that has it, not as a box.
    @Test func punctuationFallbackAndCharactersNoListedFaceHas() throws {
        let wqy = FontLibrary.fallbackHanFamily
        let quoted = StyledText("「今日」。们", font: FontSpec(size: 15))
        let japanese = try PangoThreadContext.current(.japanese).runFaces(of: quoted).map { "\($0.text)=\($0.family)" }
        #expect(japanese == ["「今日」。=Feedshot Noto Sans JP", "们=\(wqy)"])
        let traditional = try PangoThreadContext.current(.traditionalChinese).runFaces(of: quoted).map { "\($0.text)=\($0.family)" }
        #expect(traditional == ["「今日」。们=Feedshot Noto Sans TC"])
        for cascade in FontCascade.allCases {
            let waveDash = try PangoThreadContext.current(cascade).runFaces(of: StyledText("〜", font: FontSpec(size: 15)))
            #expect(
                waveDash.count == 1 && waveDash[0].family != wqy && waveDash[0].family.hasPrefix("Feedshot Noto Sans"),
                "\(cascade): \(waveDash)")
        }
        let layout = Layout.oneText(StyledText("〜", font: FontSpec(size: 15)))
        #expect(try FontLibrary.shared().missingGlyphWarnings(in: layout).isEmpty)
    }

    /// A bold Japanese or Traditional Chinese label is drawn with the face's own Bold, not
    /// emboldened (`fonts/fonts.conf` emboldens WenQuanYi Micro Hei only).
    @Test(arguments: [FontCascade.japanese, .traditionalChinese])
    func aBoldLabelUsesTheFacesOwnBold(cascade: FontCascade) throws {
        for weight in [FontSpec.Weight.semibold, .bold] {
            let runs = try PangoThreadContext.current(cascade).runFaces(of: StyledText("今日", font: FontSpec(size: 15, weight: weight)))
            #expect(runs.map(\.file) == [cascade == .japanese ? "FeedshotNotoSansJP-Bold.otf" : "FeedshotNotoSansTC-Bold.otf"], "\(weight)")
        }
    }

    /// With caches on, one thread renders the same text in each cascade from that cascade's own
    /// context: a Simplified Chinese document, then a Japanese one, then the first again, give
    /// the first's bytes twice and the Japanese one's as an uncached render gives them.
    @Test func cachedTextsNeverCrossCascades() throws {
        let outcome = try ContextRenewalTests.onAThreadOfItsOwn { () throws -> [Bool] in
            func document(_ locale: String) throws -> Document { try Feedshot.decode(Self.message("直骨今令述", locale: locale)) }
            var uncached = RenderOptions()
            uncached.usesCaches = false
            let first = try Feedshot.render(document("zh_Hans"))
            let japanese = try Feedshot.render(document("ja_JP"))  // the same message, laid out in the Japanese context
            let again = try Feedshot.render(document("zh_Hans"))
            return [again == first, try japanese == Feedshot.render(document("ja_JP"), options: uncached)]
        }
        #expect(outcome == [true, true])
    }

    /// Read independently by fontTools: each face's hhea ascender, descender and line gap are
    /// WenQuanYi Micro Hei's (`scripts/make-cjk-fonts.py`), what keeps every line as tall.
    @Test(
        .needsFontTools,
        arguments: [
            "FeedshotNotoSansJP-Regular.otf", "FeedshotNotoSansJP-Bold.otf", "FeedshotNotoSansTC-Regular.otf",
            "FeedshotNotoSansTC-Bold.otf",
        ])
    func eachFaceHasWenQuanYisVerticalMetrics(file: String) throws {
        let face = try FontTables.hhea(file)
        let wenQuanYi = try FontTables.hhea("wqy-microhei.ttc")
        #expect(face.ascent == wenQuanYi.ascent && face.descent == wenQuanYi.descent && face.lineGap == wenQuanYi.lineGap, "\(face)")
    }

    /// The Japanese and Traditional Chinese faces have WenQuanYi Micro Hei's vertical metrics
    /// (`scripts/make-cjk-fonts.py`): a text is as tall in every cascade, a line alone or among
    /// the system font's, at every size the kits use, wrapped or not.
    @Test(arguments: [11.0, 13, 15, 17, 20, 28])
    func linesAreAsTallInEveryCascade(size: Double) throws {
        // The second is the faces' kerned pairs (って, す。, full-width punctuation), which the
        // fonts leave out: kerned, it took 3 lines at 15 points in 223 where WenQuanYi takes 4.
        let strings = [
            "今日は直接来てください。", "了解です。明日です。はい、ありがとうございます。また連絡します。よろしくお願いします。", "Meet 今日 at 7",
            String(repeating: "明日的午餐還可以嗎？說述", count: 6),
        ]
        for string in strings {
            let text = StyledText(string, font: FontSpec(size: size))
            for width in [223.0, 250] {
                let standard = PangoTextMeasurer(cached: false, cascade: .standard).measure(text, width: width)
                for cascade in [FontCascade.japanese, .traditionalChinese] {
                    let other = PangoTextMeasurer(cached: false, cascade: cascade).measure(text, width: width)
                    #expect(other.height == standard.height, "\(string) at \(size) in \(width), \(cascade)")
                    #expect(other.lines.map(\.text) == standard.lines.map(\.text), "\(string) at \(size) in \(width), \(cascade)")
                }
            }
        }
    }

    /// Through the pipeline: a Japanese, a Traditional Chinese and a Simplified Chinese document
    /// lay the same message out in the same frame, and each draws its characters differently
    /// inside it.
    @Test func eachLanguagesDocumentDrawsItsMessageWithItsForms() throws {
        func document(_ locale: String) -> Data { Self.message("直骨写今角画海誤次令説述", locale: locale) }
        var options = RenderOptions()
        options.usesCaches = false
        var drawn: [(locale: String, frame: Rect, pixels: RGBAImage)] = []
        for locale in ["zh_Hans", "ja_JP", "zh_TW"] {
            let (png, layout) = try Feedshot.renderWithLayout(Feedshot.decode(document(locale)), options: options)
            let text = try #require(layout.items.first { $0.id == "m1" }?.elements.first { $0.role == .text })
            drawn.append((locale, text.frame, try RGBAImage(png: png)))
        }
        let frame = drawn[0].frame
        let rows = Int(frame.y * 2)..<Int((frame.y + frame.height) * 2)
        let columns = Int(frame.x * 2)..<Int((frame.x + frame.width) * 2)
        let simplified = Self.pixels(of: drawn[0].pixels, rows: rows, columns: columns)
        #expect(simplified.contains { $0 < 128 }, "the message's text is drawn")
        for other in drawn.dropFirst() {
            #expect(other.frame == frame, "\(other.locale)")
            let pixels = Self.pixels(of: other.pixels, rows: rows, columns: columns)
            let differing = zip(pixels, simplified).filter { $0 != $1 }.count
            #expect(differing > pixels.count / 50, "\(other.locale): \(differing) of \(pixels.count) channel values differ from zh_Hans")
        }
        let japanese = Self.pixels(of: drawn[1].pixels, rows: rows, columns: columns)
        let traditional = Self.pixels(of: drawn[2].pixels, rows: rows, columns: columns)
        #expect(japanese != traditional)
    }

    /// An Amity chat in `locale` of one incoming message, "m1", of `text`.
    static func message(_ text: String, locale: String) -> Data {
        Data(
            """
            {"kind": "chat", "width": 375, "scale": 2, "me": "u1", "locale": "\(locale)", "now": "2026-11-29T12:00:00Z",
             "users": {"u1": {"displayName": "Me"}, "u2": {"displayName": "直子"}},
             "messages": [{"id": "m1", "from": "u2", "type": "text", "sentAt": "2026-11-29T11:16:00Z", "text": "\(text)"}]}
            """.utf8)
    }

    /// The channel values of `image` in `rows` × `columns`.
    static func pixels(of image: RGBAImage, rows: Range<Int>, columns: Range<Int>) -> [UInt8] {
        rows.flatMap { row in image.pixels[(row * image.width + columns.lowerBound) * 4..<(row * image.width + columns.upperBound) * 4] }
    }
}
