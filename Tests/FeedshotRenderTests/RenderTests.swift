import Foundation
import Testing

@testable import FeedshotLayout
@testable import FeedshotRender

/// The painter draws the layout tree: sizes, colours, scripts.
struct RenderTests {
    @Test(arguments: [1, 2, 3])
    func pngIsCeilOfWidthAndHeightTimesScale(scale: Int) throws {
        let (image, layout) = try renderPixels(chatJSON([textMessage("m1", "Hello")], scale: scale, width: 333.3))
        #expect(image.width == Int((333.3 * Double(scale)).rounded(.up)))
        #expect(image.height == Int((layout.height * Double(scale)).rounded(.up)))
        #expect(layout.pixelWidth == image.width && layout.pixelHeight == image.height)
    }

    @Test func bubblesAreDrawnInThePaletteColours() throws {
        let (image, layout) = try renderPixels(chatJSON([textMessage("in", "Hi there"), textMessage("out", from: "u1", "Hello")]))
        func bubble(_ id: String) throws -> Rect {
            try #require(layout.items.first { $0.id == id }?.elements.first { $0.role == .bubble }?.frame)
        }
        // Sample just inside the bubbles' bottom-left padding, away from text and corners.
        let incoming = try bubble("in"), outgoing = try bubble("out")
        let a = image.pixel(Int((incoming.x + 6) * 2), Int((incoming.maxY - 4) * 2))
        let b = image.pixel(Int((outgoing.x + 6) * 2), Int((outgoing.maxY - 4) * 2))
        #expect((a.r, a.g, a.b) == (0xEB, 0xEC, 0xEF))
        #expect((b.r, b.g, b.b) == (0x10, 0x54, 0xDE))
    }

    @Test func colourEmojiAreDrawnInColour() throws {
        let (image, layout) = try renderPixels(chatJSON([textMessage("m1", "❤️❤️❤️")]))
        let text = try #require(layout.items.first { $0.id == "m1" }?.elements.first { $0.role == .text }?.frame)
        let red = image.count(in: text, scale: 2) { $0.r > 180 && $0.g < 90 && $0.b < 90 }
        #expect(red > 100, "expected red heart pixels, found \(red)")
    }

    /// A ZWJ sequence whose parts include a text-default emoji (♂, ♀, ❤) is one emoji glyph, as
    /// wide as any other, not the person followed by a plain sign in the text font (which another
    /// bundled face has): the emoji face is the only one its characters may use.
    @Test(arguments: ["🤷\u{200D}♂\u{FE0F}", "🙋\u{200D}♀\u{FE0F}", "🏃🏽\u{200D}♀\u{FE0F}", "❤\u{FE0F}\u{200D}🔥"])
    func aJoinedEmojiIsOneGlyph(emoji: String) throws {
        let measurer = PangoTextMeasurer(cached: false)
        let font = FontSpec(size: 15)
        let single = measurer.measure(StyledText("😂", font: font), width: 300).width
        #expect(measurer.measure(StyledText(emoji, font: font), width: 300).width == single, "\(emoji)")
        // Drawn: nothing in the text colour beside it.
        let (image, layout) = try renderPixels(chatJSON([textMessage("m1", emoji)]))
        let text = try #require(layout.items.first { $0.id == "m1" }?.elements.first { $0.role == .text }?.frame)
        #expect(image.count(in: text, scale: 2) { $0.r < 60 && $0.g < 60 && $0.b < 70 && $0.a > 200 } < 10)
    }

    /// A line may break after an emoji that ends in VS16 (❤️, ☀️) as after any other: the text
    /// handed to Pango keeps the VS16, which joins nothing. A letter or a sign with a VS16 that is
    /// no emoji stays text (drawn, not a missing-glyph box).
    @Test func aLineBreaksAfterAnEmojiWithVS16() throws {
        let measurer = PangoTextMeasurer(cached: false)
        let font = FontSpec(size: 15)
        let single = measurer.measure(StyledText("😍", font: font), width: 300).width
        let hearts = "😍❤\u{FE0F}😍❤\u{FE0F}😍❤\u{FE0F}"
        let lines = measurer.measure(StyledText(hearts, font: font), width: 4.5 * single).lines.map(\.text)
        #expect(lines == ["😍❤\u{FE0F}😍❤\u{FE0F}", "😍❤\u{FE0F}"])
        #expect(CharacterRuns.isEmoji("❤\u{FE0F}") && CharacterRuns.isEmoji("1\u{FE0F}\u{20E3}"))
        #expect(!CharacterRuns.isEmoji("a\u{FE0F}") && !CharacterRuns.isEmoji("€\u{FE0F}"))
        // An emoji with only a combining mark is text too (the emoji face has no marks).
        #expect(!CharacterRuns.isEmoji("©\u{0301}") && !CharacterRuns.isEmoji("↔\u{0338}"))
        #expect(CharacterRuns.isEmoji("👍\u{1F3FD}") && CharacterRuns.isEmoji("🏴\u{E0067}\u{E0062}\u{E0065}\u{E006E}\u{E0067}\u{E007F}"))
    }

    @Test(arguments: ["مرحبا بالعالم", "สวัสดีครับ", "你好世界", "こんにちは", "안녕하세요", "שלום עולם", "😀🎉👍🏽"])
    func everyBundledScriptHasGlyphs(text: String) throws {
        // A missing glyph would be drawn as a hex box; a drawn script covers more than a box's outline.
        let (image, layout) = try renderPixels(chatJSON([textMessage("m1", text)]))
        let frame = try #require(layout.items.first { $0.id == "m1" }?.elements.first { $0.role == .text }?.frame)
        let inked = image.count(in: frame, scale: 2) { Int($0.r) + Int($0.g) + Int($0.b) < 300 || ($0.r > 150 && $0.b < 100) }
        #expect(inked > 40)
        #expect(layout.warnings.isEmpty)
    }

    /// The Amity kit's label sets `.left` (`copyWithParagraphAttribute`): a right-to-left message's
    /// short last line (a paragraph of one word) starts at the bubble's left, not its right.
    @Test func rightToLeftAmityTextSitsAgainstTheLeftAsTheKitSetsIt() throws {
        let (image, layout) = try renderPixels(chatJSON([textMessage("m1", "مرحبا! هل ما زلنا على موعد الغداء؟\nنعم")]))
        let item = try #require(layout.items.first { $0.id == "m1" })
        let frame = try #require(item.elements.first { $0.role == .text }?.frame)
        #expect(item.kitBehaviours == [.rtlTextLeft])
        // The last line: ink in its first 6 points, none in its last 8 (the first line's are
        // inked: it fills the frame).
        let lastLine = Rect(x: frame.x, y: frame.maxY - frame.height / 2, width: frame.width, height: frame.height / 2)
        let firstLine = Rect(x: frame.x, y: frame.y, width: frame.width, height: frame.height / 2)
        func ink(_ line: Rect, from x: Double, width: Double) -> Int {
            image.count(in: Rect(x: x, y: line.y, width: width, height: line.height), scale: 2) { $0.r < 120 }
        }
        let left = ink(lastLine, from: lastLine.x, width: 6), right = ink(lastLine, from: lastLine.maxX - 8, width: 8)
        #expect(left > 10 && right == 0 && ink(firstLine, from: firstLine.maxX - 8, width: 8) > 10, "left \(left), right \(right)")
    }

    /// Where left-to-right and right-to-left paragraphs mix, every line still starts at the left, as
    /// UIKit's `.left` sets them (Pango would set the Arabic paragraph against the right); a link in
    /// the Arabic paragraph is tapped where it is drawn. Both profiles' labels take the rule, so a
    /// post is checked too.
    @Test(arguments: ["chat", "post"])
    func mixedParagraphsAllStartAtTheLeft(kind: String) throws {
        let text = "See you at the office tomorrow\nنعم a.co"
        let json =
            kind == "chat"
            ? chatJSON([textMessage("m1", text)])
            : Data(
                """
                {"kind": "post", "width": 375, "post": {"id": "m1", "dataType": "text", "author": {"id": "u2", "displayName": "Ann"},
                 "createdAt": "2026-11-29T10:00:00Z", "text": \(String(decoding: try JSONEncoder().encode(text), as: UTF8.self))}}
                """.utf8)
        let (image, layout) = try renderPixels(json)
        let item = try #require(layout.items.first { $0.id == "m1" || $0.id == "m1.text" })
        let element = try #require(item.elements.first { $0.role == .text })
        let lines = try #require(element.content.drawnText?.lines)
        try #require(lines.count == 2 && lines[1].hasPrefix("نعم"), "\(lines)")
        #expect(item.kitBehaviours.contains(.rtlTextLeft) && element.content.drawnText?.text.alignment == .visualLeft)
        let frame = element.frame
        let second = Rect(x: frame.x, y: frame.y + frame.height / 2, width: frame.width, height: frame.height / 2)
        // The second line is half the first: ink at its left, none in its last third.
        let end = second.x + second.width * 2 / 3
        let left = image.count(in: Rect(x: second.x, y: second.y, width: 8, height: second.height), scale: 2) { $0.r < 120 }
        let right = image.count(in: Rect(x: end, y: second.y, width: second.maxX - end, height: second.height), scale: 2) {
            $0.r < 120 || $0.b > 150 && $0.r < 100
        }
        #expect(left > 10 && right == 0, "left \(left), right \(right)")
        // The link is the line's left end (right to left, it comes last): tapped there.
        let link = try #require(item.actions.first { $0.arguments["url"]?.hasSuffix("a.co") == true }?.frame)
        #expect(abs(link.x - frame.x) < 0.5 && link.maxX < end, "link \(link), frame \(frame)")
    }

    /// MessageKit's labels are `UILabel`s aligned `.left` or `.right`: every line on the label's
    /// side, whatever its paragraph's direction (`goldens/mk-mixed-labels`). Pango would set each
    /// paragraph at its own start or end: the Arabic name at the right of an incoming label, the
    /// English line at the left of an outgoing one. Mirrored (Feedshot's option), the sides swap.
    @Test(arguments: [false, true])
    func messageKitLabelLinesOfBothDirectionsSitOnTheLabelsSide(mirrored: Bool) throws {
        var json = try String(contentsOf: packageRoot.appendingPathComponent("goldens/mk-mixed-labels.json"), encoding: .utf8)
        if mirrored {
            let mirroring = #""kind": "chat", "locale": "ar_EG", "messageKit": {"mirror": true},"#
            json = json.replacingOccurrences(of: #""kind": "chat","#, with: mirroring)
        }
        let (image, layout) = try renderPixels(Data(json.utf8))
        for (id, leftSide) in [("m1", !mirrored), ("m2", mirrored)] {
            let item = try #require(layout.items.first { $0.id == id })
            for role in [ElementRole.messageTopLabel, .messageBottomLabel] {
                let frame = try #require(item.elements.first { $0.role == role }?.frame)
                #expect(try #require(item.elements.first { $0.role == role }?.content.drawnText?.lines).count == 2)
                for half in 0..<2 {
                    let line = Rect(x: frame.x, y: frame.y + frame.height * Double(half) / 2, width: frame.width, height: frame.height / 2)
                    func ink(from x: Double, width: Double) -> Int {
                        image.count(in: Rect(x: x, y: line.y, width: width, height: line.height), scale: 2) { $0.r < 120 }
                    }
                    // Ink within 8 points of the label's side, none in the half away from it.
                    let near = leftSide ? ink(from: line.x, width: 8) : ink(from: line.maxX - 8, width: 8)
                    let far = leftSide ? ink(from: line.midX, width: line.width / 2) : ink(from: line.x, width: line.width / 2)
                    #expect(near > 10 && far == 0, "\(id) \(role) line \(half + 1): near \(near), far \(far)")
                }
            }
        }
    }

    /// A text Pango breaks otherwise at its frame's width, drawn as measured at a wider one whose
    /// lines do not share an alignment (a left-to-right paragraph, then a right-to-left one): each
    /// line is aligned to the frame by its own, not refused as an internal error (a hostile-server
    /// trial found it; `fuzz/crashers/painter-lines-of-mixed-directions-measured-wider.json`).
    @Test func linesMeasuredWiderThatDoNotShareAnAlignmentAreDrawn() throws {
        let file = packageRoot.appendingPathComponent("fuzz/crashers/painter-lines-of-mixed-directions-measured-wider.json")
        let (image, layout) = try renderPixels(try Data(contentsOf: file))
        let text = try #require(layout.items.first { $0.id == "m0" }?.elements.first { $0.role == .text })
        #expect(text.textWrapWidth.map { $0 > text.frame.width } == true, "\(text)")
        #expect(image.width == 250 || image.width == 251)
    }

    @Test func anEmptyChatIsRefusedAsInput() throws {
        #expect(throws: RenderError.self) { try Feedshot.render(json: chatJSON([])) }
        do { _ = try Feedshot.render(json: chatJSON([])) } catch { #expect(error.isInputError) }
    }

    @Test func thePixelLimitIsEnforcedWithAMessageNamingIt() throws {
        var options = RenderOptions()
        options.maxPixelArea = 1000
        do {
            _ = try Feedshot.render(json: chatJSON([textMessage("m1", "Hi")]), options: options)
            Issue.record("expected the limit to refuse the render")
        } catch {
            #expect(error.isInputError)
            #expect(error.description.contains("more than the limit of 1000 (raise it with --max-pixels)"))
        }
    }
}

struct RenderLimitTests {
    @Test func aCanvasTallerThanCairoAllowsIsRefusedNotCrashed() throws {
        let messages = (0..<400).map { textMessage("m\($0)", "Message number \($0)") }
        do {
            _ = try Feedshot.render(json: chatJSON(messages, scale: 3, width: 100))
            Issue.record("expected a limit error")
        } catch {
            #expect(error.isInputError)
            #expect(error.description.contains("each side can be at most 32767"))
        }
    }
}
