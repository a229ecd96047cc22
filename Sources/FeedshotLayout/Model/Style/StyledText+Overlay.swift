extension StyledText {
    /// Lays `layers` over the text's spans, one after another, as
    /// `NSMutableAttributedString.addAttributes(_:range:)` adds attributes: over a layer's bytes,
    /// each attribute it sets — colour (with its alpha), weight, italic, size, family, underline,
    /// underline colour, attachment — replaces what was there, and what it leaves unset stays.
    ///
    /// Appending the layers as spans is not the same: Pango draws, of overlapping spans, the one
    /// that started last (`OverlappingSpans`), so an earlier span that starts inside a later one
    /// would win there. Here the text's own spans are read as Pango reads them and the layers
    /// applied over that reading, and the result is spans that do not overlap, in order: one
    /// for each stretch between two consecutive edges of any of them (every edge stays an edge)
    /// that something covers. One pass over the edges, however many layers (a text's detected
    /// ranges and links, up to thousands).
    mutating func overlay(_ layers: [Span]) {
        let layers = layers.filter { $0.start < $0.end && $0.setsAnything }
        guard !layers.isEmpty else { return }
        let base = (OverlappingSpans.overlap(spans) ? OverlappingSpans.resolved(spans) : spans).filter { $0.start < $0.end }
            .sorted { $0.start < $1.start }
        let pieces = Self.combined(layers)
        var result: [Span] = []
        result.reserveCapacity(base.count + pieces.count * 2)
        var edges = Array(Set(base.flatMap { [$0.start, $0.end] } + pieces.flatMap { [$0.start, $0.end] })).sorted()[...]
        var nextBase = 0, nextPiece = 0
        while let start = edges.popFirst(), let end = edges.first {
            while nextBase < base.count, base[nextBase].end <= start { nextBase += 1 }
            while nextPiece < pieces.count, pieces[nextPiece].end <= start { nextPiece += 1 }
            let under = nextBase < base.count && base[nextBase].start <= start ? base[nextBase] : nil
            let over = nextPiece < pieces.count && pieces[nextPiece].start <= start ? pieces[nextPiece] : nil
            guard under != nil || over != nil else { continue }
            var span = under ?? Span(start: start, end: end)
            (span.start, span.end) = (start, end)
            if let over { span.take(over) }
            result.append(span)
        }
        spans = result
    }

    /// `layers`, applied in order, as spans that do not overlap (sorted): one for each stretch
    /// between consecutive edges that a layer covers, with what the layers covering it set, the
    /// later over the earlier.
    private static func combined(_ layers: [Span]) -> [Span] {
        let edges = Array(Set(layers.flatMap { [$0.start, $0.end] })).sorted()
        let order = layers.indices.sorted { layers[$0].start < layers[$1].start }
        var active: [Int] = []  // indices into `layers`, kept in application order
        var next = 0
        var pieces: [Span] = []
        for (start, end) in zip(edges, edges.dropFirst()) {
            active.removeAll { layers[$0].end <= start }
            var added = false
            while next < order.count, layers[order[next]].start <= start {
                active.append(order[next])
                next += 1
                added = true
            }
            if added { active.sort() }
            guard !active.isEmpty else { continue }
            var piece = Span(start: start, end: end)
            for index in active { piece.take(layers[index]) }
            pieces.append(piece)
        }
        return pieces
    }
}

extension StyledText.Span {
    /// This span with what `other` sets put over it.
    fileprivate mutating func take(_ other: StyledText.Span) {
        if let color = other.color { self.color = color }
        if let weight = other.weight { self.weight = weight }
        if let isItalic = other.isItalic { self.isItalic = isItalic }
        if let size = other.size { self.size = size }
        if let family = other.family { self.family = family }
        if let isUnderlined = other.isUnderlined { self.isUnderlined = isUnderlined }
        if let underlineColor = other.underlineColor { self.underlineColor = underlineColor }
        if let attachment = other.attachment { self.attachment = attachment }
    }

    /// Whether the span sets any attribute.
    fileprivate var setsAnything: Bool {
        color != nil || weight != nil || isItalic != nil || size != nil || family != nil || isUnderlined != nil
            || underlineColor != nil || attachment != nil
    }
}
