import CPangoCairo
import FeedshotLayout
import Testing

@testable import FeedshotRender

/// Overlapping spans are handed to Pango resolved into stretches that do not overlap; Pango must
/// read the same attributes at every byte from them as from the spans themselves.
struct OverlappingSpansTests {
    typealias Span = StyledText.Span

    static let red = Color(red: 255, green: 0, blue: 0), blue = Color(red: 0, green: 0, blue: 255)
    static let green = Color(red: 0, green: 128, blue: 0)

    @Test func theAttributeStartedLastWinsAndOfThoseStartedTogetherTheOneGivenLast() {
        let spans = [
            Span(start: 0, end: 10, color: Self.red, isUnderlined: true),
            Span(start: 3, end: 6, color: Self.blue, weight: .bold),
            Span(start: 3, end: 6, color: Self.green),
            Span(start: 12, end: 14, isItalic: true),
        ]
        #expect(OverlappingSpans.overlap(spans))
        #expect(
            OverlappingSpans.resolved(spans) == [
                Span(start: 0, end: 3, color: Self.red, isUnderlined: true),
                Span(start: 3, end: 6, color: Self.green, weight: .bold, isUnderlined: true),
                Span(start: 6, end: 10, color: Self.red, isUnderlined: true),
                Span(start: 12, end: 14, isItalic: true),
            ])
        // A later opaque colour keeps an earlier alpha: they are two attributes in Pango.
        let faded = Color(red: 9, green: 9, blue: 9, alpha: 128)
        let alpha = OverlappingSpans.resolved([Span(start: 0, end: 4, color: faded), Span(start: 1, end: 2, color: Self.blue)])
        #expect(alpha.map(\.color) == [faded, Color(red: 0, green: 0, blue: 255, alpha: 128), faded])
        // Spans side by side, or empty, do not overlap; given out of order, they are sorted first.
        #expect(!OverlappingSpans.overlap([Span(start: 0, end: 3, color: Self.red), Span(start: 3, end: 5), Span(start: 4, end: 4)]))
        #expect(!OverlappingSpans.overlap([Span(start: 3, end: 5), Span(start: 0, end: 3), Span(start: 9, end: 12)]))
        #expect(OverlappingSpans.overlap([Span(start: 6, end: 9), Span(start: 0, end: 3), Span(start: 2, end: 4)]))
        #expect(OverlappingSpans.overlap([Span(start: 6, end: 9), Span(start: 0, end: 7)]))
    }

    @Test func pangoReadsTheSameAttributesAtEveryByteFromTheResolvedSpans() throws {
        var seed: UInt64 = 0x0DD5_9A45
        func random(_ bound: Int) -> Int {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((seed >> 33) % UInt64(bound))
        }
        let colors = [Self.red, Self.blue, Self.green, Color(red: 1, green: 2, blue: 3, alpha: 100)]
        let weights: [FontSpec.Weight?] = [nil, .bold, .semibold, .regular]
        for _ in 0..<300 {
            let length = 40
            let spans = (0..<(1 + random(8))).map { _ in
                let start = random(length)
                return Span(
                    start: start, end: start + random(length - start + 1), color: random(3) == 0 ? nil : colors[random(colors.count)],
                    weight: weights[random(weights.count)], isItalic: random(3) == 0 ? true : nil,
                    size: random(4) == 0 ? Double(10 + random(10)) : nil, isUnderlined: random(3) == 0 ? random(2) == 0 : nil,
                    underlineColor: random(2) == 0 ? colors[random(colors.count)] : nil,
                    attachment: random(8) == 0 ? StyledText.Attachment(width: Double(random(30)), height: 20, descent: 4) : nil,
                    family: random(5) == 0 ? ["Lato", "Inter"][random(2)] : nil)
            }
            let raw = Self.attributesByByte(spans, length: length)
            let resolved = Self.attributesByByte(OverlappingSpans.resolved(spans), length: length)
            #expect(raw == resolved, "\(spans)")
        }
    }

    /// What Pango's iterator reads at each byte of `length` from `spans`' attributes: each kind's
    /// value, described.
    static func attributesByByte(_ spans: [Span], length: Int) -> [[String]] {
        let attributes = PangoAttributes()
        attributes.add(spans, cascade: .standard)
        let list = attributes.list()
        defer { pango_attr_list_unref(list) }
        var result = Array(repeating: [String](), count: length)
        let iterator = pango_attr_list_get_iterator(list)!
        defer { pango_attr_iterator_destroy(iterator) }
        let kinds = [
            PANGO_ATTR_FOREGROUND, PANGO_ATTR_FOREGROUND_ALPHA, PANGO_ATTR_WEIGHT, PANGO_ATTR_STYLE, PANGO_ATTR_FAMILY,
            PANGO_ATTR_ABSOLUTE_SIZE, PANGO_ATTR_UNDERLINE, PANGO_ATTR_UNDERLINE_COLOR, PANGO_ATTR_SHAPE,
        ]
        repeat {
            var start: Int32 = 0, end: Int32 = 0
            pango_attr_iterator_range(iterator, &start, &end)
            let described = kinds.map { kind in describe(pango_attr_iterator_get(iterator, kind)) }
            for byte in Int(start)..<min(Int(end), length) { result[byte] = described }
        } while pango_attr_iterator_next(iterator) != 0
        return result
    }

    static func describe(_ attribute: UnsafeMutablePointer<PangoAttribute>?) -> String {
        guard let attribute else { return "-" }
        let raw = UnsafeMutableRawPointer(attribute)
        switch attribute.pointee.klass.pointee.type {
        case PANGO_ATTR_FOREGROUND, PANGO_ATTR_UNDERLINE_COLOR:
            let color = raw.assumingMemoryBound(to: PangoAttrColor.self).pointee.color
            return "\(color.red),\(color.green),\(color.blue)"
        case PANGO_ATTR_FAMILY:
            return String(cString: raw.assumingMemoryBound(to: PangoAttrString.self).pointee.value)
        case PANGO_ATTR_ABSOLUTE_SIZE:
            return "\(raw.assumingMemoryBound(to: PangoAttrSize.self).pointee.size)"
        case PANGO_ATTR_SHAPE:
            let rect = raw.assumingMemoryBound(to: PangoAttrShape.self).pointee.logical_rect
            return "\(rect.x),\(rect.y),\(rect.width),\(rect.height)"
        default:
            return "\(raw.assumingMemoryBound(to: PangoAttrInt.self).pointee.value)"
        }
    }
}
