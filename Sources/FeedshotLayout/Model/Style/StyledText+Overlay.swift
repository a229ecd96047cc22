extension StyledText {
    /// Adds `span` as `NSMutableAttributedString.addAttributes(_:range:)` adds attributes: over its
    /// bytes, what it sets replaces what earlier spans set there, and what it leaves unset stays.
    ///
    /// Appending is not the same: Pango draws, of overlapping spans, the one that started last
    /// (`OverlappingSpans`), so an earlier span that starts inside a later one would win there.
    /// Here the earlier spans — first resolved as Pango reads them where they overlap one another,
    /// so that cutting one cannot change what wins beside it — are cut at `span`'s edges and lose,
    /// inside them, the attributes `span` sets: its colour (with its alpha), weight, italic, size,
    /// family, underline and its colour, attachment. `span` is then the only one setting those
    /// there. A piece left with nothing to set is dropped; a span that overlaps none is appended.
    mutating func overlay(_ span: Span) {
        guard span.start < span.end else { return }
        guard spans.contains(where: { $0.start < span.end && span.start < $0.end }) else {
            spans.append(span)
            return
        }
        if OverlappingSpans.overlap(spans) { spans = OverlappingSpans.resolved(spans) }
        var result: [Span] = []
        result.reserveCapacity(spans.count + 3)
        for earlier in spans {
            guard earlier.start < span.end, span.start < earlier.end else {
                result.append(earlier)
                continue
            }
            if earlier.start < span.start {
                var before = earlier
                before.end = span.start
                result.append(before)
            }
            var inside = earlier
            (inside.start, inside.end) = (max(earlier.start, span.start), min(earlier.end, span.end))
            inside.clear(whatIsSetBy: span)
            if inside.setsAnything { result.append(inside) }
            if earlier.end > span.end {
                var after = earlier
                after.start = span.end
                result.append(after)
            }
        }
        result.append(span)
        spans = result
    }
}

extension StyledText.Span {
    /// This span without the attributes `other` sets.
    fileprivate mutating func clear(whatIsSetBy other: StyledText.Span) {
        if other.color != nil { color = nil }
        if other.weight != nil { weight = nil }
        if other.isItalic != nil { isItalic = nil }
        if other.size != nil { size = nil }
        if other.family != nil { family = nil }
        // An underline laid over one that has a colour of its own keeps that colour, as
        // `addAttributes` keeps `.underlineColor`; the colour counts only on an underlined span.
        let keepsColouredUnderline =
            other.isUnderlined == true && other.underlineColor == nil && isUnderlined == true && underlineColor != nil
        if other.isUnderlined != nil, !keepsColouredUnderline { isUnderlined = nil }
        if other.underlineColor != nil { underlineColor = nil }
        if other.attachment != nil { attachment = nil }
    }

    /// Whether the span sets any attribute.
    fileprivate var setsAnything: Bool {
        color != nil || weight != nil || isItalic != nil || size != nil || family != nil || isUnderlined != nil
            || underlineColor != nil || attachment != nil
    }
}
