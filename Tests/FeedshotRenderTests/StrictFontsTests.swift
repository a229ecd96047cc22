import FeedshotRender
import Foundation
import Testing

@testable import FeedshotLayout

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
