import CPangoCairo
import Foundation
import Testing

@testable import FeedshotLayout
@testable import FeedshotRender

/// Pango measuring (docs/ARCHITECTURE.md, "Text") and the fonts it uses ("Fonts and determinism").
struct TextMeasuringTests {
    let measurer = PangoTextMeasurer()
    let body = AmityFont.body.spec

    @Test func oneLineOfBodyTextIsOneRoundedLineHigh() {
        let block = TextBlock.measure(StyledText("Hello", font: body), width: 300, measurer: measurer)
        #expect(block.lines == ["Hello"])
        // SF Pro's line at 15 pt (Feedshot Inter: (1950 + 494) / 2048 em) = 17.900391 → 18,
        // as the kit's own test has it (docs/conformance/amity.md); Inter's own gave 18.16 → 19.
        #expect(block.height == 18)
        #expect(block.width > 30 && block.width < 45)
    }

    @Test func narrowerWidthsWrapIntoMoreLines() {
        let text = StyledText("Are we still on for lunch tomorrow? I booked the table by the window.", font: body)
        let wide = TextBlock.measure(text, width: 400, measurer: measurer)
        let narrow = TextBlock.measure(text, width: 150, measurer: measurer)
        #expect(wide.lines.count == 2)
        #expect(narrow.lines.count > wide.lines.count)
        #expect(narrow.height > wide.height)
        #expect(narrow.lines.joined() == text.string)
    }

    @Test func overLongWordsBreakBetweenCharactersWithoutHyphens() {
        let word = String(repeating: "abcdefghij", count: 8)
        let metrics = measurer.measure(StyledText(word, font: body), width: 100)
        #expect(metrics.lines.count > 3)
        #expect(metrics.lines.allSatisfy { $0.width <= 100 })
        #expect(metrics.lines.map(\.text).joined() == word)
    }

    /// UIKit's standard line-break strategy (`.hangulWordPriority`) keeps Korean words whole.
    @Test func hangulWrapsBetweenWordsNotSyllables() {
        let text = "내일 점심 약속 아직 유효해? 창가 자리로 예약했어."
        for width in [120.0, 180, 211] {
            let lines = measurer.measure(StyledText(text, font: body), width: width).lines.map(\.text)
            #expect(lines.count > 1, "\(width)")
            #expect(lines.joined() == text)
            // Every line ends at a space or at the end of the text: no word is split.
            for line in lines.dropLast() { #expect(line.hasSuffix(" "), "\(width): \(lines)") }
        }
        // A Hangul word wider than the line still breaks between syllables.
        let word = String(repeating: "가나다라마바사아자차", count: 4)
        let metrics = measurer.measure(StyledText(word, font: body), width: 100)
        #expect(metrics.lines.count > 3)
        #expect(metrics.lines.allSatisfy { $0.width <= 100 })
        // Only the over-long word breaks; the words around it stay whole.
        let mixed = measurer.measure(StyledText("안녕 " + word + " 잘가요", font: body), width: 100).lines.map(\.text)
        #expect(mixed.first?.hasPrefix("안녕 ") == true && mixed.last == "잘가요", "\(mixed)")
        // Chinese and Japanese keep breaking between characters, as in UIKit.
        let japanese = measurer.measure(StyledText("明日のランチはまだ大丈夫？窓際の席を予約しました。", font: body), width: 211).lines
        #expect(japanese.count == 2 && !japanese[0].text.hasSuffix(" "))
    }

    @Test func relayingOutAtTheHuggedWidthKeepsTheLines() {
        // The painter lays text out at the bubble's (hugged) width: the breaks must not change.
        for text in [
            "Are we still on for lunch tomorrow? I booked the table by the window.",
            "مرحبا! هل ما زلنا على موعد الغداء غدا؟ حجزت الطاولة بجانب النافذة.",
            "สวัสดีครับ พรุ่งนี้เราจะไปกินข้าวกลางวันด้วยกันไหม ผมจองโต๊ะริมหน้าต่างไว้แล้ว",
            "明天我们还一起吃午饭吗？我订了靠窗的桌子。明日のランチはまだ大丈夫？",
            "Party tonight 🎉🥳 see you there 👍🏽 ❤️ https://example.com/a/really/long/path",
        ] {
            let block = TextBlock.measure(StyledText(text, font: body), width: 211, measurer: measurer)
            let again = PangoTextMeasurer(cached: false).measure(StyledText(text, font: body), width: block.width)
            #expect(again.lines.map(\.text) == block.lines, "\(text)")
        }
    }

    /// A bubble is as wide as its text's widest line, rounded up, which can be wider than the wrap
    /// width: a fractional width (MessageKit's), or white space ending the text. Drawn at the
    /// bubble's width, the text has the lines measured — no word moves up a line.
    @Test func aTextDrawnAtItsRoundedUpWidthKeepsItsLines() {
        let texts = [
            "#tag no: @ann for on 12:30 for the on yes; i W on naïve we naïve . no: the tomorrow? tomorrow? 12:30 , for no: I Zoë a ok!! . on a for window.  ",
            "<3 ff straße café don’t yes; fi meeting f <3 straße naïve $5 fjord #tag (maybe) 0 100% LT Y. Tomorrow LT we're a&b W well… a&b AT&T",
            "Are we still on for lunch tomorrow? I booked the table by the window. See you at 12:30 ",
        ]
        var widened = 0
        for text in texts {
            for step in 0..<120 {
                let width = 150 + Double(step) * 1.37
                let block = TextBlock.measure(StyledText(text, font: body), width: width, measurer: measurer)
                if block.width > width { widened += 1 }
                let drawn = PangoTextMeasurer(cached: false).measure(StyledText(text, font: body), width: block.width)
                #expect(drawn.lines.map(\.text) == block.lines, "\(width): \(text)")
            }
        }
        // Not vacuous: many of these bubbles are wider than the width their text wrapped at.
        #expect(widened > 20, "\(widened)")
    }

    /// `.visualLeft` sets every line of a right-to-left text against the left edge, where
    /// `.natural` ends them at the right; of a text mixing right-to-left and left-to-right
    /// paragraphs Pango keeps each at its own start, and the painter moves the right-to-left lines
    /// left (`DrawnLayout.lineShifts`), as it leaves a natural one's.
    @Test func visualLeftSetsRightToLeftLinesAgainstTheLeft() throws {
        let thread = try PangoThreadContext.current()
        let arabic = "مرحبا! هل ما زلنا على موعد الغداء غدا؟ حجزت الطاولة بجانب النافذة."
        let scale = Double(feedshot_pango_scale)
        func starts(_ string: String, _ alignment: StyledText.Alignment) throws -> [(x: Double, right: Double)] {
            let layout = thread.makeLayout(StyledText(string, font: body, alignment: alignment), width: 200)
            let iterator = try #require(pango_layout_get_iter(layout.pointer))
            defer { pango_layout_iter_free(iterator) }
            var lines: [(Double, Double)] = []
            repeat {
                var logical = PangoRectangle()
                pango_layout_iter_get_line_extents(iterator, nil, &logical)
                lines.append((Double(logical.x) / scale, Double(logical.x + logical.width) / scale))
            } while pango_layout_iter_next_line(iterator) != 0
            return lines
        }
        let left = try starts(arabic, .visualLeft), natural = try starts(arabic, .natural)
        #expect(left.count > 1 && left.allSatisfy { abs($0.x) < 0.01 }, "\(left)")
        #expect(natural.allSatisfy { abs($0.right - 200) < 0.01 } && natural.contains { $0.x > 1 }, "\(natural)")
        let mixed = try starts("Hello there\n" + "مرحبا", .visualLeft)
        #expect(abs(mixed[0].x) < 0.01 && abs(mixed[1].right - 200) < 0.01, "\(mixed)")
        for alignment in [StyledText.Alignment.visualLeft, .natural] {
            let text = StyledText("Hello there\n" + "مرحبا", font: body, alignment: alignment)
            let lines = PangoTextMeasurer.metrics(of: thread.makeLayout(text, width: 200), text: text.string).lines.map(\.text)
            let drawn = DrawnLayout(text, lines: lines, frameWidth: 200, measuredAt: nil) {
                thread.makeLayout(text, width: $0)
            }
            #expect(drawn.difference == nil)
            let drawnStarts = mixed.indices.map { mixed[$0].x + drawn.offset(ofLine: $0) }
            let expected = alignment == .visualLeft ? [0, 0] : [0, mixed[1].x]
            #expect(zip(drawnStarts, expected).allSatisfy { abs($0 - $1) < 0.01 }, "\(alignment): \(drawnStarts)")
            #expect((drawn.lineShifts != nil) == (alignment == .visualLeft))
        }
        #expect(TextDirection.isRightToLeftThroughout(arabic + "\n123\n" + arabic))
        #expect(!TextDirection.isRightToLeftThroughout("123\n" + arabic))
        #expect(!TextDirection.isRightToLeftThroughout("Hi\n" + arabic) && !TextDirection.isRightToLeftThroughout(""))
        // A carriage return, a CR LF (one Character) and U+2029 end paragraphs too.
        for separator in ["\r", "\r\n", "\u{2029}"] {
            #expect(!TextDirection.isRightToLeftThroughout(arabic + separator + "Hi"), "\(separator.unicodeScalars.map(\.value))")
        }
    }

    /// A right-to-left text laid out wider than its frame (white space ending it hangs past the
    /// width) is aligned to the frame, not to the width it was laid out at: each line ends at the
    /// frame's right edge, as the painter, the plan's areas and the tap boxes place it.
    @Test func aWidenedRightToLeftTextIsAlignedToItsFrame() throws {
        let thread = try PangoThreadContext.current()
        let text = StyledText("مرحبا! هل ما زلنا على موعد الغداء غدا؟ حجزت الطاولة بجانب النافذة      ", font: body)
        let scale = Double(feedshot_pango_scale)
        var widened = 0
        for step in 0..<300 {
            let width = 100 + Double(step) * 0.5
            let layout = thread.makeLayout(text, width: width)
            let laidOut = Double(pango_layout_get_width(layout.pointer)) / scale
            let shift = PangoThreadContext.alignmentShift(of: layout.pointer, frameWidth: width)
            guard laidOut > width else {
                #expect(shift == 0)
                continue
            }
            widened += 1
            #expect(abs(shift + (laidOut - width)) < 0.001, "\(width)")
            let iterator = try #require(pango_layout_get_iter(layout.pointer))
            defer { pango_layout_iter_free(iterator) }
            repeat {
                var logical = PangoRectangle()
                pango_layout_iter_get_line_extents(iterator, nil, &logical)
                guard Double(logical.width) / scale <= width else { continue }
                let right = Double(logical.x + logical.width) / scale + shift
                #expect(abs(right - width) < 0.01, "\(width): a line ends at \(right)")
            } while pango_layout_iter_next_line(iterator) != 0
            // The tap boxes of the whole text end at the frame's right edge too.
            let boxes = PangoTextMeasurer().extents(of: 0..<text.string.utf8.count, in: text, width: width)
            #expect(boxes.allSatisfy { $0.x + $0.width <= width + 0.01 }, "\(width): \(boxes)")
        }
        #expect(widened > 5, "\(widened)")
    }

    /// Many ranges of one text are placed from one layout (a post's hundreds of mentions laid the
    /// text out once each) exactly where each would be placed on its own, in either direction.
    @Test func rangesPlacedTogetherAreWhereEachIsAlone() {
        let measurer = PangoTextMeasurer()
        for string in ["Ask @Ann and @Bob about www.example.com, then @Chen", "اسأل @Ann عن www.example.com ثم @Bob"] {
            let text = StyledText(string, font: body)
            let bytes = Array(string.utf8)
            let ranges = bytes.indices.filter { bytes[$0] == UInt8(ascii: "@") || bytes[$0] == UInt8(ascii: "w") }.map {
                $0..<min(bytes.count, $0 + 4)
            }
            let lines = measurer.measure(text, width: 180).lines.map(\.text)
            let together = measurer.extents(of: ranges, in: text, width: 180, lines: lines, measuredAt: nil)
            let alone = ranges.map { measurer.extents(of: $0, in: text, width: 180, lines: lines, measuredAt: nil) }
            #expect(together == alone && together.count == ranges.count && together.allSatisfy { !$0.isEmpty })
        }
    }

    /// A range's pieces are found on the lines holding its bytes (by a binary search over the
    /// lines): on 400 random ranges of 40 paragraphs, empty ones among them, wrapped at 120
    /// points, each range has pieces on every line where it holds a letter, and on no line where
    /// it holds nothing.
    @Test func aRangeIsPlacedOnTheLinesHoldingItsBytes() {
        let measurer = PangoTextMeasurer()
        let string = (0..<40).map { $0 % 7 == 3 ? "" : String(repeating: "word\($0) ", count: 1 + $0 % 9) }.joined(separator: "\n")
        let bytes = Array(string.utf8)
        let text = StyledText(string, font: body)
        let lines = measurer.measure(text, width: 120).lines
        #expect(lines.count > 60)
        var seed: UInt64 = 0x11E5
        func next(_ bound: Int) -> Int {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((seed >> 33) % UInt64(bound))
        }
        let ranges = (0..<400).map { _ -> Range<Int> in
            let start = next(bytes.count)
            return start..<start + next(min(200, bytes.count - start) + 1)
        }
        let placed = measurer.extents(of: ranges, in: text, width: 120, lines: lines.map(\.text), measuredAt: nil)
        for (range, pieces) in zip(ranges, placed) {
            func held(_ line: TextLine) -> [UInt8] {
                let lower = max(range.lowerBound, line.start), upper = min(range.upperBound, line.start + line.text.utf8.count)
                return lower < upper ? Array(bytes[lower..<upper]) : []
            }
            let found = Set(pieces.map(\.line))
            let letters = Set(lines.indices.filter { held(lines[$0]).contains { $0 != UInt8(ascii: " ") } })
            let touched = Set(lines.indices.filter { !held(lines[$0]).isEmpty })
            #expect(letters.isSubset(of: found) && found.isSubset(of: touched), "\(range): \(found.sorted()) \(letters.sorted())")
        }
    }

    /// Emoji are drawn in the emoji face however spans cut their runs: Pango lets the attribute
    /// that starts later win, so a span naming a text family from inside a run would take the
    /// emoji after its edge. Spans from every character's edge to every later one, over three
    /// runs, leave the text as wide as with no span.
    @Test func spansInsideAnEmojiRunLeaveItInTheEmojiFace() {
        let string = "a 😀😀😀 b 🎉🎉 c 👍🏽👍🏽👍🏽 d"
        let width = measurer.measure(StyledText(string, font: body), width: 1_000).width
        var edges = [0]
        for character in string { edges.append(edges[edges.count - 1] + character.utf8.count) }
        for (index, start) in edges.enumerated() {
            for end in edges[(index + 1)...] {
                let spans = [StyledText.Span(start: start, end: end, family: "Feedshot Inter")]
                let spanned = StyledText(string, font: body, spans: spans)
                #expect(measurer.measure(spanned, width: 1_000).width == width, "\(start)..<\(end)")
            }
        }
    }

    /// Widening that has not settled after its passes ends unwrapped, a line a paragraph, which a
    /// bubble as wide as its widest line draws the same (here after no pass at all).
    @Test func widthsThatDoNotSettleEndUnwrapped() throws {
        let thread = try PangoThreadContext.current()
        let text = StyledText(String(repeating: "\u{20E3}", count: 12) + " one two three\nfour", font: body)
        func lines(_ width: Double) -> [String] {
            PangoTextMeasurer.metrics(of: thread.makeLayout(text, width: width, passes: 0), text: text.string).lines.map(\.text)
        }
        let settled = PangoTextMeasurer.metrics(of: thread.makeLayout(text, width: 200), text: text.string)
        #expect(settled.lines.count == 3)
        let unwrapped = lines(200)
        #expect(unwrapped == [String(repeating: "\u{20E3}", count: 12) + " one two three", "four"])
        let widest = PangoTextMeasurer.metrics(of: thread.makeLayout(text, width: 200, passes: 0), text: text.string).width
        #expect(lines(widest.rounded(.up)) == unwrapped)
    }

    /// A grapheme cluster wider than the line on its own makes the text wider than it was wrapped
    /// at; it is measured at the width it is drawn at, where Pango may fit more on other lines.
    /// (A fuzz input, reduced: twelve bare keycap marks are one 224-point cluster.)
    @Test func aClusterWiderThanTheLineIsMeasuredWhereItIsDrawn() throws {
        let keycaps = String(repeating: "\u{20E3}", count: 12)
        let text = keycaps + "한٣٣٣्٣ل[\u{2067}./한٣한)@c/b.a//:ptth"
        for width in [120.0, 200, 211, 224] {
            let block = TextBlock.measure(StyledText(text, font: body), width: width, measurer: measurer)
            #expect(block.width > width, "\(width)")
            let drawn = PangoTextMeasurer(cached: false).measure(StyledText(text, font: body), width: block.width)
            #expect(drawn.lines.map(\.text) == block.lines, "\(width)")
            #expect(drawn.height.rounded(.up) == block.height, "\(width)")
        }
        // At 200 points the wrap alone gives three lines; drawn at 225 they are two.
        let atTwoHundred = TextBlock.measure(StyledText(text, font: body), width: 200, measurer: measurer)
        #expect(atTwoHundred.lines == [keycaps, String(text.dropFirst())])  // the keycaps are one Character
        // Whole documents render — a bubble drawn at its widest line (Amity's chat, MessageKit's)
        // and a post's label drawn at the width it wraps at: the painter draws the tree's lines.
        let messages = [textMessage("m1", from: "u1", text), textMessage("m2", String(text.reversed()))]
        let escaped = String(decoding: try JSONEncoder().encode(text), as: UTF8.self)
        let feed = Data(
            """
            {"kind": "feed", "width": 320, "viewer": "u1", "now": "2026-11-29T12:00:00Z", "posts": [{"id": "p1", "dataType": "text",
             "origin": "userFeed", "author": {"id": "u2", "displayName": "Ann"}, "createdAt": "2026-11-29T10:00:00Z",
             "text": \(escaped)}]}
            """.utf8)
        for document in [chatJSON(messages, width: 320), chatJSON(messages, width: 320, extra: #", "style": "messagekit""#), feed] {
            #expect(try Feedshot.render(json: document).count > 0)
        }
    }

    /// Pango's line breaking is not monotonic in the width (it looks for breaks from an estimate
    /// of where the line ends): a text can break otherwise at a narrower width its lines all fit
    /// in. A random document, reduced: Amity's collapsed label, measured at 13 points on a
    /// 125-point canvas, is widened to 54 (its clusters are wider than 13) and has seven lines
    /// there, the widest 45.8; its bubble hugs it at 46, where Pango gives five lines, one 80.8
    /// wide, and the painter's line check refused the render. The painter now lays such a text
    /// out as it was measured (`LayoutElement.textWrapWidth`), aligned to its frame.
    @Test func aTextThatBreaksOtherwiseInItsFrameIsDrawnAtItsWrapWidth() throws {
        let chat = chatJSON([textMessage("m0", from: "u1", "\n.🏿ಷᅠᆨक𑲰ىfiಷ 🏻#ःᄀᄀᄀ")], width: 125)
        let layout = try Feedshot.layout(Feedshot.decode(chat))
        let element = try #require(
            layout.items.flatMap(\.elements).first { $0.content.drawnText?.text.string.hasSuffix("Read more") == true })
        let (text, lines) = try #require(element.content.drawnText)
        let wrapWidth = try #require(element.textWrapWidth)
        #expect(lines.count == 7 && element.frame.width == 46 && wrapWidth == 13, "\(lines) \(element.frame)")
        // Not vacuous: at the frame's width Pango breaks the text otherwise.
        let atFrame = PangoTextMeasurer(cached: false).measure(text, width: element.frame.width)
        #expect(atFrame.lines.map(\.text) != lines)
        for usesCaches in [true, false] {
            let painter = Painter(
                images: ImageStore(references: [], source: ImageSource()), pango: try PangoThreadContext.current(), usesCaches: usesCaches)
            let drawn = painter.drawnTextLayout(element, text: text, lines: lines)
            #expect(drawn.difference == nil)
            #expect(PangoTextMeasurer.metrics(of: drawn.layout, text: text.string).lines.map(\.text) == lines)
            #expect(drawn.shift == 0)  // left to right, every line at the frame's left edge
        }
        // Tap boxes are found on the lines drawn, inside the frame, not on the lines Pango gives
        // at the frame's width.
        let whole = 0..<text.string.utf8.count
        let drawnLines = Set(lines.indices.filter { !lines[$0].isEmpty })
        let frameWidth = element.frame.width
        let boxes = measurer.extents(of: whole, in: text, width: frameWidth, lines: lines, measuredAt: wrapWidth)
        #expect(Set(boxes.map(\.line)) == drawnLines)
        #expect(boxes.allSatisfy { $0.x >= 0 && $0.x + $0.width <= frameWidth + 0.01 }, "\(boxes)")
        #expect(Set(measurer.extents(of: whole, in: text, width: frameWidth).map(\.line)) != drawnLines)
        // Right-aligned (as a right-to-left document mirrors it): the layout made at the wider width
        // is moved left so that every line ends at the frame's right edge.
        var mirrored = element
        var right = text
        right.alignment = .right
        mirrored.content = .text(right, lines: lines)
        let painter = Painter(images: ImageStore(references: [], source: ImageSource()), pango: try PangoThreadContext.current())
        let aligned = painter.drawnTextLayout(mirrored, text: right, lines: lines)
        #expect(aligned.difference == nil)
        let laidOutWidth = Double(pango_layout_get_width(aligned.layout.pointer)) / Double(PANGO_SCALE)
        #expect(laidOutWidth > frameWidth && aligned.shift == -(laidOutWidth - frameWidth), "\(laidOutWidth) \(aligned.shift)")
        let rightBoxes = measurer.extents(of: whole, in: right, width: frameWidth, lines: lines, measuredAt: wrapWidth)
        let lineWidths = PangoTextMeasurer.metrics(of: aligned.layout, text: right.string).lines.map(\.width)
        for line in drawnLines where !lines[line].hasSuffix(" ") {
            let starts = rightBoxes.filter { $0.line == line }.map(\.x).min() ?? 0
            #expect(abs(starts - (frameWidth - lineWidths[line])) < 0.01, "line \(line): \(rightBoxes)")
        }
        // Measured at a width whose lines are not the tree's either, the render is still refused.
        var wrong = element
        wrong.textWrapWidth = 40
        #expect(painter.drawnTextLayout(wrong, text: text, lines: lines).difference != nil)
        // The document renders, with caches and without, to the same pixels.
        var uncached = RenderOptions()
        uncached.usesCaches = false
        #expect(try Feedshot.render(json: chat) == Feedshot.render(json: chat, options: uncached))
    }

    /// A line that draws nothing — here a paragraph holding only U+202E RIGHT-TO-LEFT OVERRIDE,
    /// which Pango sets right-aligned in a left-to-right text — does not count against the lines'
    /// shared alignment, so a text Pango breaks otherwise at its bubble's width is drawn as
    /// measured (found by random documents: a MessageKit chat at 200 points was refused, "breaks
    /// line 2 after 12 bytes where the layout tree has 9").
    @Test func aLineThatDrawsNothingHasNoAlignmentToShare() throws {
        let thread = try PangoThreadContext.current()
        let text = StyledText("\u{202E}\n「ㄱ्ᆨ」𑲰ǅ", font: FontSpec(size: 17))
        let layout = thread.makeLayout(text, width: 88)
        // Not vacuous: the empty first line sits at the right edge, the others at the left.
        let iterator = try #require(pango_layout_get_iter(layout.pointer))
        var starts: [Int32] = []
        repeat {
            var logical = PangoRectangle()
            pango_layout_iter_get_line_extents(iterator, nil, &logical)
            starts.append(logical.x)
        } while pango_layout_iter_next_line(iterator) != 0
        pango_layout_iter_free(iterator)
        #expect(starts.count == 3 && starts[0] == 88 * Int32(PANGO_SCALE) && starts[1] == 0 && starts[2] == 0, "\(starts)")
        #expect(PangoThreadContext.sharedAlignmentShift(of: layout.pointer, frameWidth: 68) == 0)
        let json = Data(
            #"""
            {"kind": "chat", "style": "messagekit", "width": 200, "now": "2026-11-29T12:00:00Z", "users": {"u2": {"displayName": "Ann"}},
             "messages": [{"id": "m", "from": "u2", "sentAt": "2026-11-29T12:00:00Z", "type": "text", "text": "\u202e\n「ㄱ्ᆨ」𑲰ǅ"}]}
            """#.utf8)
        #expect(throws: Never.self) { try Feedshot.render(Feedshot.decode(json)) }
    }

    /// Pango 1.50 aborted the process (`process_line`: "assertion failed: (result ==
    /// BREAK_SOME_FIT || result == BREAK_EMPTY_FIT)", Pango issue 832) when a line overflowed
    /// near a character it may break inside (`ClusterBreaks`): a skin-tone modifier after anything
    /// but an emoji base, a prepended mark and what follows it, regional indicators paired across
    /// a joiner, a non-joiner or a virama. Fuzz and random inputs, reduced; each used to abort at
    /// some of these widths. If this regresses, the test run aborts.
    @Test func charactersPangoMayBreakInsideAreKeptWholeNotAborted() throws {
        let texts = [
            "x \u{1F3FD}\u{1F3FB}!", "\u{1F3FD}\u{1F3FB}\u{1F}", "\u{1F1F7}\u{1F3FB}\u{1C}", "\u{20E3}\u{1F3FB} \u{200B}",
            "\u{1F3FD}\u{1F3FD}\u{A0}\u{1F44D}", String(repeating: "\u{20E3}", count: 20) + "\u{1F3FD}\u{1F3FD}\u{85}",
            "\u{110BD}\u{1F1E6}.", "\u{110BD}\u{1F1E8}\u{20E3}\u{B}", "\u{FF76}\u{600}\u{70F} \u{64B}\u{E33}",
            "\u{1F1E6}\u{200D}\u{1F1EF}\u{1F1F5}\u{1F1E6}", "\u{1F1E6}\u{94D}\u{1F1FA}\u{1F1F8}\u{2026}",
            "\u{1F1FF}\u{200C}\u{1F1FA}\u{1F1F8}!",
        ]
        for text in texts {
            #expect(!brokenInside(text).isEmpty, "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
            for width in stride(from: 2.0, through: 60, by: 2) + [150, 230, 300] {
                let metrics = PangoTextMeasurer(cached: false).measure(StyledText(text, font: body), width: width)
                #expect(metrics.lines.map(\.text).joined() == text, "\(width)")
            }
        }
        // The 397-byte chat that aborted `feedshot layout` at a phone's width.
        let crashing = String(repeating: "\u{20E3}", count: 20) + "\u{1F3FD}\u{1F3FD}\u{85}"
        #expect(try Feedshot.render(json: chatJSON([textMessage("m1", from: "u1", crashing)], width: 375)).count > 0)
        // Only those characters: an emoji with its skin tone, and text without one, are left alone.
        #expect(brokenInside("\u{1F44D}\u{1F3FD} ok \u{1F469}\u{1F3FB}\u{200D}\u{1F4BB}").isEmpty)
        #expect(brokenInside("ab\u{1F3FD}\u{1F3FB}c") == [1..<10])  // "b🏽🏻" is one character
        #expect(brokenInside("ربما نلتقي غدًا 🇫🇷 \u{600}").isEmpty)  // a prepended mark alone
        #expect(brokenInside("\u{1F1E6}\u{200D}\u{1F1EF}\u{1F1F5}\u{1F1E6}") == [7..<15])  // 🇯🇵, paired across the joiner
        #expect(brokenInside("สวัสดี 한국어 \r\n x\u{301} \u{1F469}\u{200D}\u{1F4BB}").isEmpty)
        // Pango is handed ✌️'s VS16 as a word joiner (`pangoText`): the break it sees before it is ours.
        #expect(brokenInside("a ✌️ 1️⃣").isEmpty)
        // Swift's characters follow Unicode 15.1, where a Devanagari conjunct is one (GB9c); Pango
        // 1.50's do not, and would break "स्ते" after its virama.
        #expect(brokenInside("नमस्ते") == [6..<18])
    }

    /// The characters `makeLayout` keeps whole in `text`.
    func brokenInside(_ text: String) -> [Range<Int>] {
        ClusterBreaks.brokenInside(text, pangoText: PangoThreadContext.pangoText(text, hasControls: false))
    }

    /// Pango's lines leave out the paragraph break that ends them, "\r\n" as "\n"; CoreText's
    /// hold it, and the collapsed Amity label of a line ending in "\r\n" keeps the "\n" the kit
    /// keeps (`AmityExpandableLabel.lineWithItsBreak`, `keptCharacters`): a short eighth line's
    /// " ...Read more" goes to a ninth line, not drawn.
    @Test func theCollapsedLabelPutsBackTheBreakPangosLinesLeaveOut() {
        let crlf = measurer.measure(StyledText("abc\r\ndef", font: body), width: 300)
        #expect(crlf.lines.map(\.text) == ["abc", "def"] && crlf.lines.map(\.start) == [0, 5])
        let label = AmityExpandableLabel(
            textColor: .black, readMoreColor: .white, hyperLinkColor: nil, collapsedLines: 8, link: "...Read more")
        let rows = (1...7).map { "row \($0)\n" }.joined()
        let short = label.measure(StyledText(rows + "short\r\nmore", font: body), width: 300, measurer: measurer)
        #expect(short.text.string == rows + "short" && short.kitBehaviours.contains(.readMoreClipped))
        let lf = label.measure(StyledText(rows + "short\nmore", font: body), width: 300, measurer: measurer)
        #expect(lf.text.string == rows + "short ...Read more")
    }

    @Test func metricsDoNotDependOnTheOutputScale() throws {
        let messages = [textMessage("m1", "Metrics are the same at every scale: hinting is off, positions unrounded.")]
        let layouts = try [1, 2, 3].map { scale in try Feedshot.layout(Feedshot.decode(chatJSON(messages, scale: scale))) }
        #expect(layouts[0].items == layouts[1].items)
        #expect(layouts[1].items == layouts[2].items)
    }
}
