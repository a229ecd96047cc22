import Foundation
import Testing

@testable import FeedshotLayout
@testable import FeedshotRender

/// The layout says which font file drew each text role, and `strictFonts` refuses stand-ins
/// (docs/fonts.md).
struct StrictFontsTests {
    @Test func theLayoutListsTheStandInForEachTextRole() throws {
        let layout = try Feedshot.layout(Feedshot.decode(chatJSON([textMessage("m1", "Hello there")])))
        let text = try #require(layout.fonts.first { $0.role == .text && $0.font == AmityFont.body.spec })
        #expect(text.family == "Feedshot Inter")
        #expect(text.file == "FeedshotInter-Regular.otf")
        #expect(text.standsInFor == "SF Pro")
        #expect(layout.fonts.allSatisfy { $0.standsInFor == "SF Pro" })
        #expect(Set(layout.fonts.map(\.role)).isSuperset(of: [.text, .name, .time]))
        let json = String(decoding: layout.jsonData(), as: UTF8.self)
        #expect(json.contains(#""standsInFor" : "SF Pro""#))
    }

    /// The faces of other families that drew a message's characters, for the body text's role
    /// and font, in a document of `locale`.
    static func otherFaces(_ text: String, locale: String) throws -> [FontUse.Face] {
        let json = chatJSON([textMessage("m1", text)], extra: #", "locale": "\#(locale)""#)
        let layout = try Feedshot.layout(Feedshot.decode(json))
        return try #require(layout.fonts.first { $0.role == .text && $0.font == AmityFont.body.spec }).otherFaces
    }

    /// Each script face that draws characters the system font's stand-in lacks is listed, with
    /// the iPhone's face it stands in for where that is known: the cascade's Apple face for
    /// Chinese characters and kana, Apple SD Gothic Neo for Hangul in every language, Apple Color
    /// Emoji for emoji; none for the script faces (which iOS face draws Arabic is not named here).
    @Test(arguments: [
        ("en_US", "Hello there", []),
        ("en_US", "Café déjà vu", []),
        ("en_US", "今日直接", [FontUse.Face(family: "WenQuanYi Micro Hei", file: "wqy-microhei.ttc", standsInFor: "PingFang SC")]),
        (
            "ja_JP", "今日は直接",
            [FontUse.Face(family: "Feedshot Noto Sans JP", file: "FeedshotNotoSansJP-Regular.otf", standsInFor: "Hiragino Sans")]
        ),
        (
            "zh_TW", "今天直接",
            [FontUse.Face(family: "Feedshot Noto Sans TC", file: "FeedshotNotoSansTC-Regular.otf", standsInFor: "PingFang TC")]
        ),
        ("en_US", "안녕하세요", [FontUse.Face(family: "WenQuanYi Micro Hei", file: "wqy-microhei.ttc", standsInFor: "Apple SD Gothic Neo")]),
        // In Korean, Apple SD Gothic Neo draws the hanja too.
        ("ko_KR", "안녕 今日", [FontUse.Face(family: "WenQuanYi Micro Hei", file: "wqy-microhei.ttc", standsInFor: "Apple SD Gothic Neo")]),
        (
            "en_US", "안녕 今日",
            [
                FontUse.Face(family: "WenQuanYi Micro Hei", file: "wqy-microhei.ttc", standsInFor: "Apple SD Gothic Neo"),
                FontUse.Face(family: "WenQuanYi Micro Hei", file: "wqy-microhei.ttc", standsInFor: "PingFang SC"),
            ]
        ),
        ("en_US", "Nice 😀", [FontUse.Face(family: "Noto Color Emoji", file: "NotoColorEmoji.ttf", standsInFor: "Apple Color Emoji")]),
        ("ar", "مرحبا", [FontUse.Face(family: "Noto Sans Arabic UI", file: "NotoSansArabicUI-Regular.ttf")]),
    ])
    func theFacesThatDrewOtherScriptsAreListed(locale: String, text: String, faces: [FontUse.Face]) throws {
        #expect(try Self.otherFaces(text, locale: locale) == faces)
    }

    /// The faces listed are those Pango drew the text's runs with: each run's family that is not
    /// the text's own font's, over a text of every script the bundled faces cover.
    @Test func theOtherFacesAreThoseOfPangosRuns() throws {
        let text = "Hi 今日 안녕 😀 مرحبا שלום สวัสดี नमस्ते ქართ Ελλάδα Москва"
        let runs = try PangoThreadContext.current().runFaces(of: StyledText(text, font: AmityFont.body.spec))
        let expected = Set(runs.map(\.family)).subtracting([FontLibrary.standInFamily])
        #expect(expected.count == 7, "\(runs)")
        #expect(Set(try Self.otherFaces(text, locale: "en_US").map(\.family)) == expected)
    }

    /// An app's family that lacks Latin letters (here the bundled Hebrew face as a body font)
    /// has them drawn by SF Pro's stand-in, listed among the other faces, which `strictFonts`
    /// refuses; the stand-ins for Apple's Chinese and emoji faces are listed and not refused.
    @Test func strictFontsRefusesTheSystemFontsStandInAmongOtherFacesOnly() throws {
        // All printable ASCII, so only the app's family makes it itemized (`mayDrawWithOtherFaces`).
        let hebrew = chatJSON([textMessage("m1", "Hello there")], extra: #", "typography": {"body": {"family": "Noto Sans Hebrew"}}"#)
        let layout = try Feedshot.layout(Feedshot.decode(hebrew))
        let body = try #require(layout.fonts.first { $0.role == .text && $0.family == "Noto Sans Hebrew" })
        #expect(body.standsInFor == nil)
        #expect(body.otherFaces.map(\.family) == [FontLibrary.standInFamily] && body.otherFaces.first?.standsInFor == "SF Pro")
        #expect {
            try RenderPipeline.refuseStandIns(in: [body])
        } throws: { error in
            guard case RenderError.fonts(let message) = error else { return false }
            return message.hasPrefix(
                #"--strict-fonts: SF Pro is not installed, and its stand-in Feedshot Inter (FeedshotInter-Regular.otf) would draw characters of the layout's "text" text"#
            )
        }
        let others = try Feedshot.layout(Feedshot.decode(chatJSON([textMessage("m1", "今日 😀")]))).fonts
        let body15 = try #require(others.first { $0.role == .text && $0.font == AmityFont.body.spec })
        var withoutSystemStandIn = body15
        withoutSystemStandIn.standsInFor = nil
        #expect(withoutSystemStandIn.otherFaces.map(\.standsInFor) == ["Apple Color Emoji", "PingFang SC"])
        #expect(throws: Never.self) { try RenderPipeline.refuseStandIns(in: [withoutSystemStandIn]) }
    }

    /// A plain ASCII text with a span in a family of its own is itemized too: the span's family is
    /// listed (here WenQuanYi Micro Hei, which has Latin letters), and the order of the list is the
    /// same in every run (two fonts of one role and size that differ only in family).
    @Test func aSpansFamilyIsListedAndTheOrderIsStable() throws {
        let pango = try PangoThreadContext.current()
        var text = StyledText("Hello there", font: FontSpec(size: 15))
        text.spans = [StyledText.Span(start: 0, end: 5, family: FontLibrary.fallbackHanFamily)]
        let uses = try pango.fontUses(in: .oneText(text), cached: false) {}
        #expect(uses.count == 1 && uses[0].otherFaces.map(\.family) == [FontLibrary.fallbackHanFamily], "\(uses)")
        let a = FontUse(role: .text, font: FontSpec(size: 15, family: "B"), family: "B", file: "b.otf")
        let b = FontUse(role: .text, font: FontSpec(size: 15, family: "A"), family: "A", file: "a.otf")
        #expect([a, b].sorted(by: PangoThreadContext.listedFirst) == [b, a])
        #expect([b, a].sorted(by: PangoThreadContext.listedFirst) == [b, a])
    }

    /// A text's faces kept per thread (`PangoThreadContext.otherFaces`) are the ones itemizing it
    /// again finds, the first time and when kept.
    @Test func keptFacesAreTheItemizedOnes() throws {
        let pango = try PangoThreadContext.current()
        let layout = Layout.oneText(StyledText("今日 😀 مرحبا \(UUID().uuidString)", font: FontSpec(size: 15)))
        let plain = try pango.fontUses(in: layout, cached: false) {}
        #expect(plain.first?.otherFaces.count == 3, "\(plain)")
        #expect(try pango.fontUses(in: layout, cached: true) {} == plain)
        #expect(try pango.fontUses(in: layout, cached: true) {} == plain)
    }

    @Test func eachWeightAndStyleHasItsOwnFile() throws {
        let context = try PangoThreadContextProbe()
        #expect(context.file(FontSpec(size: 15)) == "FeedshotInter-Regular.otf")
        #expect(context.file(FontSpec(size: 15, weight: .semibold)) == "FeedshotInter-SemiBold.otf")
        #expect(context.file(FontSpec(size: 20, weight: .bold)) == "FeedshotInter-Bold.otf")
        #expect(context.file(FontSpec(size: 15, isItalic: true)) == "FeedshotInter-Italic.otf")
    }

    @Test func strictFontsRefusesToDrawWithAStandIn() throws {
        var options = RenderOptions()
        options.strictFonts = true
        let document = try Feedshot.decode(chatJSON([textMessage("m1", "Hello there")]))
        #expect {
            try Feedshot.render(document, options: options)
        } throws: { error in
            guard case RenderError.fonts(let message) = error else { return false }
            return message.hasPrefix("--strict-fonts: SF Pro is not installed, and its stand-in Feedshot Inter (FeedshotInter-")
                && message.hasSuffix("add SF Pro's font files with --font-dir DIR, or render without --strict-fonts")
        }
        #expect(throws: Never.self) { try Feedshot.render(document) }
    }
}
