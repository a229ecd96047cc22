import Foundation
import Testing

@testable import FeedshotLayout
@testable import FeedshotRender

/// Scripts an iPhone draws are drawn (the bundled Noto Sans script faces), and a character no
/// bundled font has is warned about, naming the code point and the element.
struct ScriptCoverageTests {
    static let samples: [(script: String, text: String)] = [
        ("Devanagari", "नमस्ते, आप कैसे हैं?"), ("Bengali", "আপনি কেমন আছেন?"), ("Gurmukhi", "ਤੁਸੀਂ ਕਿਵੇਂ ਹੋ?"),
        ("Gujarati", "તમે કેમ છો?"), ("Tamil", "நீங்கள் எப்படி இருக்கிறீர்கள்?"), ("Telugu", "మీరు ఎలా ఉన్నారు?"),
        ("Kannada", "ನೀವು ಹೇಗಿದ್ದೀರಿ?"), ("Malayalam", "സുഖമാണോ?"), ("Sinhala", "ඔබට කොහොමද?"), ("Georgian", "გამარჯობა, როგორ ხარ?"),
        ("Armenian", "Բարև, ինչպե՞ս ես"), ("Ethiopic", "ሰላም፣ እንዴት ነህ?"), ("Khmer", "សួស្តី អ្នកសុខសប្បាយទេ?"), ("Lao", "ສະບາຍດີ"),
        ("Myanmar", "မင်္ဂလာပါ"),
    ]

    @Test(arguments: samples)
    func everyScriptIsDrawnWithRealGlyphs(script: String, text: String) throws {
        for weight in [FontSpec.Weight.regular, .bold] {
            let styled = StyledText(text, font: FontSpec(size: 15, weight: weight))
            #expect(PangoTextMeasurer.unknownGlyphCount(in: styled, width: 300) == 0, "\(script) \(weight)")
            let metrics = PangoTextMeasurer(cached: false).measure(styled, width: 300)
            #expect(metrics.lines.count == 1 && metrics.width > 20, "\(script)")
        }
    }

    @Test func hindiGeorgianAndArmenianMessagesRenderWithoutWarnings() throws {
        let json = chatJSON([textMessage("hi", "नमस्ते"), textMessage("ka", "გამარჯობა"), textMessage("hy", "Բարև")])
        let layout = try Feedshot.layout(Feedshot.decode(json))
        #expect(layout.warnings.filter { $0.contains("no bundled font") }.isEmpty)
    }

    @Test func aPrivateUseCharacterIsWarnedNamingTheCodePointAndTheElement() throws {
        let json = chatJSON([textMessage("m1", "logo \u{F0001}\u{F0001} and \u{F8FF}"), textMessage("m2", "fine")])
        let layout = try Feedshot.layout(Feedshot.decode(json))
        let warnings = layout.warnings.filter { $0.contains("no bundled font") }
        #expect(warnings == ["m1: its text has characters no bundled font draws (U+F0001 U+F8FF); drawn as boxes"])
        let text = StyledText("\u{F0001}", font: AmityFont.body.spec)
        #expect(PangoTextMeasurer.unknownGlyphCount(in: text, width: 300) == 1)
    }

    @Test func spacesJoinersAndMarksAreNeverMissing() throws {
        let library = try FontLibrary.shared()
        #expect(library.missingScalars(in: "a\u{200D}b\u{200F}\u{00A0}\u{2060}\u{FE0F}\n\t\u{FFFC}").isEmpty)
        #expect(library.missingScalars(in: "\u{10FFFD}x\u{10FFFD}") == ["\u{10FFFD}"])
    }
}
