import FeedshotLayout
import Foundation
import Testing

@testable import FeedshotRender

/// Control characters other than a tab, a line feed and a carriage return draw nothing and take no
/// room, as UIKit's text system draws them (`ControlCharacters`): Pango drew a hex box for each,
/// and a NUL ended the text Pango was handed.
struct ControlCharacterTests {
    /// The controls tried (code points, so the test's name prints): C0 (NUL, BEL, VT, FF, ESC,
    /// US), DEL and C1 (NEL, the last).
    static let controls: [UInt32] = [0x0, 0x1, 0x7, 0xB, 0xC, 0x1B, 0x1F, 0x7F, 0x85, 0x9F]

    /// A message with a control before, inside and after its words draws the very pixels of the
    /// same message without: the same bubble, the same glyphs, nothing where the control stands.
    @Test(arguments: controls)
    func aControlDrawsNothingAndTakesNoRoom(control: UInt32) throws {
        let c = String(Character(try #require(Unicode.Scalar(control))))
        let (plain, _) = try renderPixels(chatJSON([textMessage("m1", "Hello world"), textMessage("m2", from: "u1", "See you")]))
        let (withControls, layout) = try renderPixels(
            chatJSON([textMessage("m1", "\(c)Hello \(c)world\(c)"), textMessage("m2", from: "u1", "See you\(c)\(c)")]))
        #expect(withControls == plain, "U+\(String(control, radix: 16)): the image differs")
        let texts = layout.items.flatMap(\.elements).compactMap { $0.content.drawnText?.0.string }
        #expect(texts.contains("\(c)Hello \(c)world\(c)"), "the layout keeps the text as written")
    }

    /// "before\u{0}after" was measured and drawn as "before": the lines now hold the whole text
    /// (the NUL kept where it was written), as wide as the same text with another hidden control.
    @Test func aNULNoLongerEndsTheText() {
        let measurer = PangoTextMeasurer()
        let font = AmityFont.body.spec
        let withNUL = measurer.measure(StyledText("before\u{0}after the NUL", font: font), width: 300)
        let withSOH = measurer.measure(StyledText("before\u{1}after the NUL", font: font), width: 300)
        let before = measurer.measure(StyledText("before", font: font), width: 300)
        #expect(withNUL.lines.map(\.text) == ["before\u{0}after the NUL"])
        #expect(withNUL.width == withSOH.width)
        #expect(withNUL.width > before.width * 2, "\(withNUL.width) against \(before.width) for \"before\"")
    }

    /// A line of control characters alone is as tall as an empty line, as in TextKit: empty inline
    /// boxes made it 0 tall ("a\n\u{7}\nb" measured 48 points where "a\n\nb" measures 72), and a
    /// MessageKit label of such lines divided by a line height of 0 and trapped.
    @Test func aLineOfControlsAloneIsAsTallAsAnEmptyLine() throws {
        let measurer = PangoTextMeasurer()
        let font = AmityFont.body.spec
        for (text, like) in [("a\n\u{7}\nb", "a\n\nb"), ("\u{7}", "a"), ("\u{0}\u{7}\n\u{1B}", "a\nb")] {
            let measured = measurer.measure(StyledText(text, font: font), width: 300)
            let expected = measurer.measure(StyledText(like, font: font), width: 300)
            #expect(measured.height == expected.height && measured.lines.count == expected.lines.count, "\(text.debugDescription)")
        }
        let label = chatJSON(
            [textMessage("m1", "\u{7}")],
            extra: #", "style": "messagekit", "messageKit": {"labels": {"cellTop": {"height": 40, "text": "\u0007\n\u0007"}}}"#)
        let (image, layout) = try renderPixels(label)
        #expect(image.height > 0 && layout.items.count == 1)
    }

    /// The other formats take the text too: Cairo's PDF surface records it beside the glyphs, and
    /// its extracted text reads on past the NUL; librsvg reads the SVG and it draws what the PNG does.
    @Test func aPDFWithControlCharactersHoldsTheWholeText() throws {
        var options = RenderOptions()
        options.format = .pdf
        let json = chatJSON([textMessage("m1", "before\u{0}after\u{7} bell")])
        let pdf = try Feedshot.render(Feedshot.decode(json, options: options), options: options)
        let text = try IndependentDecoders.pdfText(pdf)
        #expect(text.contains("after"), "\(text)")
        #expect(text.contains("bell"), "\(text)")
        options.format = .svg
        let svg = try Feedshot.render(Feedshot.decode(json, options: options), options: options)
        let (png, _) = try renderPixels(json)
        let fromSVG = try IndependentDecoders.svg(svg, width: png.width, height: png.height)
        #expect(try VectorTolerance.differingPixels(png, fromSVG) == 0)
    }
}
