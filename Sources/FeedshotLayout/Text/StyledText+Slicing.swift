extension String {
    /// The characters at the UTF-8 offsets `bytes`, which fall between Unicode scalars (a word's or
    /// a line's ends): found in constant time on a native string and cut at those scalars, never
    /// widened to whole `Character`s.
    package func utf8Slice(_ bytes: Range<Int>) -> String {
        let utf8 = self.utf8
        let start = utf8.index(utf8.startIndex, offsetBy: bytes.lowerBound)
        let end = utf8.index(start, offsetBy: bytes.count)
        return String(unicodeScalars[start..<end])
    }
}

extension StyledText {
    /// The part of the text in the UTF-8 byte range `bytes` (whole characters), its spans cut to it.
    func slice(_ bytes: Range<Int>) -> StyledText {
        let utf8 = Array(string.utf8)
        let lower = max(0, min(bytes.lowerBound, utf8.count)), upper = max(lower, min(bytes.upperBound, utf8.count))
        let spans = self.spans.compactMap { span -> Span? in
            let start = max(span.start, lower), end = min(span.end, upper)
            guard start < end else { return nil }
            var cut = span
            cut.start = start - lower
            cut.end = end - lower
            return cut
        }
        return StyledText(String(decoding: utf8[lower..<upper], as: UTF8.self), font: font, color: color, spans: spans)
    }

    /// This text followed by `other`: `other`'s base colour and weight kept by spans where they differ.
    func appending(styled other: StyledText) -> StyledText {
        var result = self
        let offset = string.utf8.count
        result.string += other.string
        let end = offset + other.string.utf8.count
        if other.color != color || other.font.weight != font.weight, end > offset {
            result.spans.append(
                Span(start: offset, end: end, color: other.color, weight: other.font.weight == font.weight ? nil : other.font.weight))
        }
        result.spans += other.spans.map { span in
            var moved = span
            moved.start += offset
            moved.end += offset
            return moved
        }
        return result
    }

    /// Byte offsets of the lines `lines` (each a piece of this text, in order, newlines between
    /// some of them left out): where each starts.
    func lineStarts(_ lines: [String]) -> [Int] {
        var starts: [Int] = []
        var offset = 0
        let utf8 = Array(string.utf8)
        for line in lines {
            // A line starts where the last ended, or after the newline that ended it.
            if offset < utf8.count, utf8[offset] == 10, !line.utf8.starts(with: [10]) { offset += 1 }
            starts.append(offset)
            offset += line.utf8.count
        }
        return starts
    }
}
