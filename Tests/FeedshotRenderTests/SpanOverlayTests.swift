import Testing

@testable import FeedshotLayout

/// `StyledText.overlay` lays a span over others as UIKit's `addAttributes(_:range:)` does: over its
/// bytes, each attribute it sets replaces the earlier ones', whatever they started. Checked against
/// what Pango itself reads at every byte (`OverlappingSpansTests.attributesByByte`).
struct SpanOverlayTests {
    typealias Span = StyledText.Span

    /// An earlier span that starts inside a later one: appended, Pango draws the earlier one's
    /// colour there (it started last); laid over, the later one's, as TextKit does, and the
    /// weight it does not set stays. The result is one span a stretch, in order.
    @Test func aSpanLaidOverAnotherWinsWhereItSetsAnAttribute() {
        let red = Color(red: 255, green: 0, blue: 0), blue = Color(red: 0, green: 0, blue: 255)
        var text = StyledText("see #release at https://a.io", font: FontSpec(size: 15))
        text.spans = [Span(start: 4, end: 12, color: red, weight: .bold)]
        text.overlay([Span(start: 0, end: 28, color: blue, isUnderlined: true)])
        #expect(
            text.spans == [
                Span(start: 0, end: 4, color: blue, isUnderlined: true),
                Span(start: 4, end: 12, color: blue, weight: .bold, isUnderlined: true),
                Span(start: 12, end: 28, color: blue, isUnderlined: true),
            ])
        let appended = [Span(start: 4, end: 12, color: red, weight: .bold), Span(start: 0, end: 28, color: blue, isUnderlined: true)]
        #expect(OverlappingSpansTests.attributesByByte(appended, length: 28)[5][0] == "65535,0,0")
        #expect(OverlappingSpansTests.attributesByByte(text.spans, length: 28)[5][0] == "0,0,65535")
        // A layer that sets nothing changes nothing; an underline colour laid over an underline
        // colours it, as `.underlineColor` does.
        let before = text.spans
        text.overlay([Span(start: 2, end: 9)])
        #expect(text.spans == before)
        text.overlay([Span(start: 0, end: 4, underlineColor: red)])
        #expect(OverlappingSpansTests.attributesByByte(text.spans, length: 28)[1][7] == "65535,0,0")
    }

    /// Random spans (read by Pango as it reads overlapping spans), then random spans laid over
    /// them: at every byte, Pango reads what `addAttributes` would leave — each kind the laid
    /// span sets is its, the rest what was there.
    @Test func pangoReadsWhatAddAttributesWouldLeave() {
        var seed: UInt64 = 0x5EED_0F_5A4E
        func random(_ bound: Int) -> Int {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((seed >> 33) % UInt64(bound))
        }
        let colors = [Color(red: 255, green: 0, blue: 0), Color(red: 0, green: 0, blue: 255), Color(red: 1, green: 2, blue: 3, alpha: 100)]
        let weights: [FontSpec.Weight?] = [nil, .bold, .semibold]
        let length = 32
        func span(underlineMayBeFalse: Bool) -> Span {
            let start = random(length)
            let underline: Bool? = random(3) == 0 ? (underlineMayBeFalse ? random(2) == 0 : true) : nil
            return Span(
                start: start, end: start + random(length - start + 1), color: random(3) == 0 ? nil : colors[random(colors.count)],
                weight: weights[random(weights.count)], isItalic: random(4) == 0 ? true : nil,
                size: random(4) == 0 ? Double(10 + random(10)) : nil, isUnderlined: underline,
                underlineColor: underline == true && random(2) == 0 ? colors[random(colors.count)] : nil,
                family: random(5) == 0 ? ["Lato", "Inter"][random(2)] : nil)
        }
        // Kinds, in `attributesByByte`'s order: 0 colour, 1 its alpha, 2 weight, 3 style, 4 family,
        // 5 size, 6 underline, 7 underline colour, 8 shape.
        for _ in 0..<400 {
            var text = StyledText(String(repeating: "a", count: length), font: FontSpec(size: 15))
            text.spans = (0..<random(6)).map { _ in span(underlineMayBeFalse: true) }
            var expected = OverlappingSpansTests.attributesByByte(text.spans, length: length)
            let laid = (0..<(1 + random(5))).map { _ in span(underlineMayBeFalse: false) }
            // Laid one at a time, and all at once: the same.
            var oneByOne = text
            for over in laid { oneByOne.overlay([over]) }
            let before = text.spans
            text.overlay(laid)
            #expect(
                OverlappingSpansTests.attributesByByte(oneByOne.spans, length: length)
                    == OverlappingSpansTests.attributesByByte(text.spans, length: length))
            // Spans that do not overlap, in order — unless no layer set anything, which leaves them be.
            #expect(
                text.spans == before || (!OverlappingSpans.overlap(text.spans) && text.spans == text.spans.sorted { $0.start < $1.start }))
            for over in laid {
                let own = OverlappingSpansTests.attributesByByte([over], length: length)
                for byte in over.start..<over.end {
                    for kind in own[byte].indices where own[byte][kind] != "-" { expected[byte][kind] = own[byte][kind] }
                    // A colour replaces the colour and its alpha (two attributes in Pango).
                    if own[byte][0] != "-" { expected[byte][1] = own[byte][1] }
                }
            }
            let read = OverlappingSpansTests.attributesByByte(text.spans, length: length)
            let differs = read.indices.first { read[$0] != expected[$0] }
            #expect(
                differs == nil,
                "byte \(differs ?? 0): Pango reads \(differs.map { read[$0] } ?? []), expected \(differs.map { expected[$0] } ?? []); laid \(laid)"
            )
        }
    }
}
