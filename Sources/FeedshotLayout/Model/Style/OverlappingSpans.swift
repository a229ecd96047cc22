/// Overlapping spans resolved into spans that do not overlap, as Pango resolves them (the
/// renderer hands Pango these; `StyledText.overlay` starts from them).
///
/// Pango's attribute iterator keeps every attribute that covers a position on a stack and steps
/// through all of them at each boundary, so n nested spans — a feed post whose mentions overlap,
/// thousands of them — cost n² (2,000 nested mentions: 83 % of a 4-second render in
/// `pango_attr_iterator_next`). Where spans overlap, `setAttributes` hands Pango instead one span
/// for each stretch between two consecutive edges of the spans, carrying what Pango would have
/// drawn there: of each kind of attribute, the one that started last (of those starting together,
/// the one given last — `pango_attr_iterator_get` reads its stack from the top; `PangoThreadContext`
/// in FeedshotRender). Every edge stays
/// an edge, so Pango's items, and with them shaping and kerning, are cut where they were.
package enum OverlappingSpans {
    /// Whether any two of `spans` share a byte. Spans given in order, as most are, are read once
    /// without sorting (this runs for every text laid out).
    package static func overlap(_ spans: [StyledText.Span]) -> Bool {
        func overlap(inOrder spans: some Sequence<StyledText.Span>) -> Bool? {
            var reach = Int.min, start = Int.min
            for span in spans where span.start < span.end {
                guard span.start >= start else { return nil }
                if span.start < reach { return true }
                (start, reach) = (span.start, max(reach, span.end))
            }
            return false
        }
        return overlap(inOrder: spans) ?? overlap(inOrder: spans.sorted { $0.start < $1.start })!
    }

    /// `spans` as one span a stretch between consecutive edges, each with the attributes Pango
    /// would draw there; stretches no span covers are left out.
    package static func resolved(_ spans: [StyledText.Span]) -> [StyledText.Span] {
        // In Pango's order: by start, then as given.
        let ordered = spans.indices.filter { spans[$0].start < spans[$0].end }
            .sorted { (spans[$0].start, $0) < (spans[$1].start, $1) }
        let edges = Array(Set(ordered.flatMap { [spans[$0].start, spans[$0].end] })).sorted()
        let kinds = Kinds(spans)
        var result: [StyledText.Span] = []
        var active: [Int] = []  // indices into `spans`, in Pango's order
        var next = 0
        for (start, end) in zip(edges, edges.dropFirst()) {
            active.removeAll { spans[$0].end <= start }
            while next < ordered.count, spans[ordered[next]].start <= start {
                active.append(ordered[next])
                next += 1
            }
            guard !active.isEmpty else { continue }
            result.append(resolvedSpan(from: start, to: end, covering: active, of: spans, kinds: kinds))
        }
        return result
    }

    /// Which kinds of attribute any of the spans sets: the others are not looked for.
    struct Kinds {
        var color = false, alpha = false, weight = false, italic = false, family = false, size = false, underline = false,
            underlineColor = false, attachment = false

        init(_ spans: [StyledText.Span]) {
            for span in spans {
                color = color || span.color != nil
                alpha = alpha || (span.color?.alpha ?? 255) != 255
                weight = weight || span.weight != nil
                italic = italic || span.isItalic == true
                family = family || span.family != nil
                size = size || span.size != nil
                underline = underline || span.isUnderlined == true
                underlineColor = underlineColor || (span.isUnderlined == true && span.underlineColor != nil)
                attachment = attachment || span.attachment != nil
            }
        }
    }

    /// The span `start..<end` with, of each kind of Pango attribute, the value of the last of
    /// `active` (in Pango's order) that sets it.
    static func resolvedSpan(from start: Int, to end: Int, covering active: [Int], of spans: [StyledText.Span], kinds: Kinds)
        -> StyledText.Span
    {
        func last(_ present: Bool, _ sets: (StyledText.Span) -> Bool) -> StyledText.Span? {
            present ? active.last { sets(spans[$0]) }.map { spans[$0] } : nil
        }
        var span = StyledText.Span(start: start, end: end)
        // Colour and its alpha are two attributes: a later opaque colour keeps an earlier alpha.
        if let color = last(kinds.color, { $0.color != nil })?.color {
            let alpha = last(kinds.alpha, { ($0.color?.alpha ?? 255) != 255 })?.color?.alpha ?? 255
            span.color = Color(red: color.red, green: color.green, blue: color.blue, alpha: alpha)
        }
        span.weight = last(kinds.weight) { $0.weight != nil }?.weight
        span.isItalic = last(kinds.italic) { $0.isItalic == true } != nil ? true : nil
        span.family = last(kinds.family) { $0.family != nil }?.family
        span.size = last(kinds.size) { $0.size != nil }?.size
        if last(kinds.underline, { $0.isUnderlined == true }) != nil {
            span.isUnderlined = true
            span.underlineColor = last(kinds.underlineColor) { $0.isUnderlined == true && $0.underlineColor != nil }?.underlineColor
        }
        span.attachment = last(kinds.attachment) { $0.attachment != nil }?.attachment
        return span
    }
}
