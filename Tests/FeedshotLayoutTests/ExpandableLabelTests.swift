import Testing

@testable import FeedshotLayout

/// "Read more" as `AmityExpandableLabel` (`textReplacementType = .character`) does it: a character
/// count, not a width fit (docs/conformance/amity.md, "The expandable label").
struct ExpandableLabelTests {
    let label = AmityExpandableLabel(
        textColor: .black, readMoreColor: .white, hyperLinkColor: nil, collapsedLines: 8, link: "...Read more")

    func collapse(_ text: String, width: Double) -> TextBlock {
        label.measure(StyledText(text, font: label.font), width: width, measurer: FakeMeasurer())
    }

    /// Lines of four 9-letter words: 40 characters each (with the space they end in) at 300 pt.
    static let nineLines = (1...36).map { _ in "abcdefghi" }.joined(separator: " ")
    static let sevenLines = String(repeating: "abcdefghi abcdefghi abcdefghi abcdefghi ", count: 7)

    @Test func theEighthLineKeepsItsLengthMinus13CharactersThenTheSuffix() {
        let block = collapse(Self.nineLines, width: 300)
        #expect(block.isTruncated)
        // 40 − 13 = 27 characters of line 8 stay, then " " and "...Read more".
        #expect(block.text.string == Self.sevenLines + "abcdefghi abcdefghi abcdefg ...Read more")
        #expect(block.lines.count == 8)
        // The height is the original's, capped: ceil(9 × 18.75 / 9 × 8).
        #expect(block.height == 150)
    }

    /// The label's `.left` (`visualLeft`, noted as the kit's) where some drawn paragraph runs right
    /// to left — also where they mix, as where a collapsed text whose last kept line is blank draws
    /// " ...Read more" as a paragraph of its own, left to right; natural (the same) for left-to-right text.
    @Test func theAlignmentFollowsTheDrawnTextsDirections() {
        let label = AmityExpandableLabel(
            textColor: .black, readMoreColor: .white, hyperLinkColor: .black, collapsedLines: 8, link: "...Read more")
        func measure(_ text: String) -> TextBlock {
            label.measure(label.styled(text).text, width: 300, measurer: FakeMeasurer())
        }
        let arabic = measure("مرحبا بكم")
        #expect(arabic.text.alignment == .visualLeft && arabic.kitBehaviours == [.rtlTextLeft])
        let english = measure("Hello")
        #expect(english.text.alignment == .natural && english.kitBehaviours.isEmpty)
        let rows = Array(repeating: "مرحبا", count: 7).joined(separator: "\n")
        let collapsed = measure(rows + "\n\n" + Array(repeating: "مرحبا", count: 3).joined(separator: "\n"))
        #expect(collapsed.isTruncated && collapsed.text.string.hasSuffix("\n ...Read more"))
        #expect(collapsed.text.alignment == .visualLeft && collapsed.kitBehaviours.contains(.rtlTextLeft))
        let mixed = measure("Hello\nمرحبا")
        #expect(mixed.text.alignment == .visualLeft && mixed.kitBehaviours == [.rtlTextLeft])
        let collapsedArabic = measure(rows + "\n" + Array(repeating: "مرحبا", count: 4).joined(separator: "\n"))
        #expect(collapsedArabic.isTruncated && collapsedArabic.text.alignment == .visualLeft)
    }

    /// `height(for:…)` (:223-234) rounds up: a whole text's height, and a collapsed one's
    /// `h / lines × collapsedLines`, where the lines are not whole points (18.8125 here).
    @Test func heightsAreRoundedUpToWholePoints() {
        let label = AmityExpandableLabel(
            font: FontSpec(size: 15.05), textColor: .black, readMoreColor: .white, hyperLinkColor: nil, collapsedLines: 8,
            link: "...Read more")
        func measure(_ text: String) -> TextBlock {
            label.measure(StyledText(text, font: label.font), width: 300, measurer: FakeMeasurer())
        }
        let collapsed = measure(Self.nineLines)
        #expect(collapsed.isTruncated && collapsed.height == 151)  // 8 × 18.8125 = 150.5
        let whole = measure("abcdefghi abcdefghi abcdefghi abcdefghi abcdefghi abcdefghi abcdefghi abcdefghi abcdefghi")
        #expect(!whole.isTruncated && whole.lines.count == 3 && whole.height == 57)  // 3 × 18.8125 = 56.4375
    }

    @Test func onlyTheDotsAndTheLinkAreStyled() {
        let block = collapse(Self.nineLines, width: 300)
        let end = block.text.string.utf8.count
        #expect(block.text.spans == [StyledText.Span(start: end - 12, end: end, color: .white, weight: .semibold)])
    }

    @Test func aLastLineShorterThanTheSuffixIsKeptWholeWithoutItsNewline() {
        let text = Self.sevenLines + "short\nmore text that is not shown"
        let block = collapse(text, width: 300)
        #expect(block.text.string == Self.sevenLines + "short ...Read more")
    }

    @Test func nothingIsTrimmed() {
        // Line 8 is 14 characters, "abcdefghi abcd" ends in a space after the cut at 1 character.
        #expect(AmityExpandableLabel.keptCharacters(of: "a bcdefghijklmn", suffixCount: 13) == "a ")
    }

    @Test func charactersAreCountedWholeAndCutAsUTF16Units() {
        // 20 emoji count 20; the kit keeps 20 − 13 = 7 UTF-16 units: three whole emoji.
        #expect(AmityExpandableLabel.keptCharacters(of: String(repeating: "😀", count: 20), suffixCount: 13) == "😀😀😀")
        #expect(AmityExpandableLabel.keptCharacters(of: "first line\n", suffixCount: 13) == "first line")
        // 3 emoji count 3, fewer than 13: the kit keeps 3 UTF-16 units, one emoji and half of the
        // next (a lone surrogate), which Feedshot snaps down to the one.
        #expect(AmityExpandableLabel.keptCharacters(of: "😀😀😀", suffixCount: 13) == "😀")
    }

    /// CoreText's line holds its paragraph break, and the kit removes the first UTF-16 unit of the
    /// line in `CharacterSet.newlines` (`rangeOfCharacter(from:)` on an `NSString`, L:335-339): of
    /// "\r\n" the "\r", so the "\n" stays and counts. A long eighth line keeps one character more
    /// than with "\n" alone; a short one keeps its "\n", which sends " ...Read more" to a ninth
    /// line the label does not draw.
    @Test func ofACRLFTheKitRemovesTheCROnlyAndCountsTheLF() {
        #expect(AmityExpandableLabel.keptCharacters(of: "first line\r\n", suffixCount: 13) == "first line\n")
        #expect(AmityExpandableLabel.keptCharacters(of: "abcdefghijklmnopq\r\n", suffixCount: 13) == "abcde")
        #expect(AmityExpandableLabel.keptCharacters(of: "abcdefghijklmnopq\n", suffixCount: 13) == "abcd")
        // Line 8 is "abcdefghi abcdefghi abcdefghi abcd" (34 characters): with "\n" 34 − 13 = 21
        // stay, with "\r\n" 35 − 13 = 22.
        let line = "abcdefghi abcdefghi abcdefghi abcd"
        let lf = collapse(Self.sevenLines + line + "\nmore text", width: 300)
        #expect(lf.text.string == Self.sevenLines + "abcdefghi abcdefghi a ...Read more")
        let crlf = collapse(Self.sevenLines + line + "\r\nmore text", width: 300)
        #expect(crlf.text.string == Self.sevenLines + "abcdefghi abcdefghi ab ...Read more")
        let short = collapse(Self.sevenLines + "short\r\nmore text that is not shown", width: 300)
        #expect(short.text.string == Self.sevenLines + "short")
        #expect(short.kitBehaviours.contains(.readMoreClipped) && short.lines.count == 8 && short.height == 150)
    }

    @Test func whatWrapsPastTheEighthLineIsNotDrawn() {
        // At 75 pt (10 characters a line) line 8 is "abcdefghij " (11 characters, kept whole):
        // the suffix wraps to a ninth line, which the label does not draw.
        let text = (1...12).map { _ in "abcdefghij" }.joined(separator: " ")
        let block = collapse(text, width: 75)
        #expect(block.lines.count == 8)
        #expect(!block.text.string.contains("Read"))
        #expect(block.height == 150)
    }

    @Test func eightLinesOrFewerAreNotCut() {
        let text = (1...32).map { _ in "abcdefghi" }.joined(separator: " ")
        let block = collapse(text, width: 300)
        #expect(!block.isTruncated && block.text.string == text && block.height == 150)
    }

    /// One string key, the kit's `message_readmore`, names the link on every screen; the old
    /// Feedshot key is refused with a suggestion.
    @Test func oneKeyNamesTheLinkOnEveryScreen() throws {
        let long = (1...100).map { _ in "word" }.joined(separator: " ")
        let strings = #", "strings": {"message_readmore": "...Mehr"}"#
        let comment =
            #"{"id": "c1", "author": {"id": "u3", "displayName": "Bob"}, "text": "\#(long)", "createdAt": "2026-11-29T11:00:00Z"}"#
        let feed = try FeedFixture.layout(
            [FeedFixture.post("p", #""text": "\#(long)", "previewComments": [\#(comment)]"#)], extra: strings)
        let chat = try Fixture.layout(
            Fixture.chat(Fixture.text("m1", from: "u2", long), extra: #""strings": {"message_readmore": "...Mehr"}"#))
        let texts = [feed.item("p.text"), feed.item("p.comment.c1"), chat.item("m1")].map {
            $0?.elements.compactMap(\.content.styledText) ?? []
        }
        for (screen, drawn) in zip(["post", "comment", "chat"], texts) {
            #expect(drawn.contains { $0.string.hasSuffix(" ...Mehr") }, "\(screen): \(drawn.map(\.string))")
        }
        let old = Fixture.chat(Fixture.text("m1", from: "u2", "hi"), extra: #""strings": {"feedshot_expandable_read_more": "x"}"#)
        #expect(throws: DocumentError.self) { try Document.decode(old) }
    }

    /// `touchesEnded` takes the first of `hyperLinks` that holds the touch (AmityExpandableLabel.swift:256):
    /// each range keeps what no earlier one holds.
    @Test func aTapGoesToTheFirstRangeHoldingIt() {
        #expect(
            AmityExpandableLabel.tapRanges([0..<10, 3..<5, 8..<12, 20..<25, 0..<30, 30..<30]) == [
                [0..<10], [], [10..<12], [20..<25], [12..<20, 25..<30], [],
            ])
        // Against the rule itself, byte by byte, on random ranges.
        var seed: UInt64 = 0x7A9
        func random(_ bound: Int) -> Int {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((seed >> 33) % UInt64(bound))
        }
        for _ in 0..<500 {
            let ranges = (0..<(1 + random(10))).map { _ in
                let start = random(60)
                return start..<(start + random(20))
            }
            let pieces = AmityExpandableLabel.tapRanges(ranges)
            for byte in 0..<80 {
                let owner = ranges.firstIndex { $0.contains(byte) }
                let holders = pieces.indices.filter { pieces[$0].contains { $0.contains(byte) } }
                #expect(holders == (owner.map { [$0] } ?? []), "\(ranges) at \(byte)")
            }
            // Pieces are whole: none touches another of the same range.
            for rangePieces in pieces { #expect(zip(rangePieces, rangePieces.dropFirst()).allSatisfy { $0.upperBound < $1.lowerBound }) }
        }
        // Nested ranges by the thousand make as many pieces, one character each.
        let nested = AmityExpandableLabel.tapRanges((1...2_000).map { 0..<$0 })
        #expect(nested.map(\.count) == Array(repeating: 1, count: 2_000))
    }

    /// The kit finds a touch's link by the range `text` gave it in the whole text (:154-178, 256),
    /// on the collapsed text, sparing "Read more" only (:251-254, 396): past the cut, a range
    /// reaches the " ..." at the UTF-16 offsets it covered.
    @Test func aCollapsedLabelsRangesReachTheDotsAtTheOffsetsTheyHadInTheWholeText() {
        let block = collapse(Self.nineLines, width: 300)
        let kept = Self.sevenLines.utf8.count + "abcdefghi abcdefghi abcdefg".utf8.count
        #expect(block.keptBytes == kept)
        let ranges = AmityExpandableLabel.collapsedRanges(
            [290..<299, 300..<309, 310..<319, 311..<320, 300..<330], of: Self.nineLines, in: block)
        #expect(
            ranges == [
                290..<299,  // before the cut: as it is
                300..<(kept + 2),  // "abcdefg" and, for "hi", the space and the first dot
                (kept + 3)..<(kept + 4),  // 3 units after the cut: the last dot, though none of it is drawn
                (kept + 4)..<(kept + 4),  // 4 units after: "Read more", which expands the label
                300..<(kept + 4),  // through the cut and far past it: the space and the three dots
            ])
        // The whole text: every range as it is.
        let whole = label.measure(StyledText("short", font: label.font), width: 300, measurer: FakeMeasurer())
        #expect(AmityExpandableLabel.collapsedRanges([0..<5, 1..<3], of: "short", in: whole) == [0..<5, 1..<3])
    }

    /// Offsets are counted in UTF-16 units as the kit's `NSRange`s are (an emoji is two); a
    /// translated link's "…" is one character of three bytes; what the label clipped takes nothing.
    @Test func theDotsAreCountedInUTF16UnitsAndOnlyWhereDrawn() {
        func block(_ drawn: String) -> TextBlock {
            TextBlock(text: StyledText(drawn, font: label.font), lines: [drawn], height: 18, width: 100, isTruncated: true, keptBytes: 3)
        }
        // "xyz" is 2 units after the cut, behind "😀": the second and third dots (bytes 5 and 6).
        #expect(AmityExpandableLabel.collapsedRanges([7..<10], of: "abc😀xyz", in: block("abc ...Read more")) == [5..<7])
        #expect(AmityExpandableLabel.collapsedRanges([0..<8], of: "abcdefgh", in: block("abc …Lire la suite")) == [0..<7])
        #expect(AmityExpandableLabel.collapsedRanges([0..<8], of: "abcdefgh", in: block("abc .")) == [0..<5])
    }
}
