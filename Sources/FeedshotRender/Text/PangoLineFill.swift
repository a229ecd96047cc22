/// Pango 1.50's line filling (`process_item` and `process_line` in pango-layout.c) for a paragraph
/// that is one item — one font, one script, left to right — whose every break opportunity follows
/// a space, replayed over the widths of its words instead of over a fresh shaping of the paragraph.
///
/// A paragraph is a sequence of segments, each running from one break opportunity to the next
/// ("dinner ", "tomorrow!"). Pango measures a candidate line by the sum of its characters'
/// widths, and near the right edge by shaping the candidate alone; both equal the sum of the
/// segments' widths when nothing is kerned or substituted across a segment boundary (the caller
/// makes sure of that). The rules kept here, in Pango's order:
/// - the rest of the paragraph is one line when it fits, its last space not counted;
/// - otherwise the last break that fits wins, a break after a space not counting that space; a
///   break within `safeDistance` of the edge is measured rather than trusted, a later break is
///   looked at only until the width passes the edge by `safeDistance`, and a measured break that
///   does not fit still replaces the first one when it is narrower;
/// - when not even the first break fits, Pango breaks inside the word (`nil` here: the caller
///   asks Pango);
/// - a wrapped line does not count the space it ends with (`zero_line_final_space`); the last line
///   keeps its trailing spaces.
/// Pure: widths in Pango units in, lines out.
enum PangoLineFill {
    struct Segment: Equatable {
        /// Width of the segment shaped alone.
        var width: Int
        /// Characters in the segment.
        var characters: Int
        /// Whether its last character is a space (a break after it does not count that space).
        var endsInSpace: Bool
    }

    struct Line: Equatable {
        /// The line's segments.
        var segments: Range<Int>
        /// Its logical width as Pango reports it.
        var width: Int
    }

    /// The lines of `segments` filled to `lineWidth` (negative: no wrapping), or nil where Pango
    /// would break inside a word. `spaceWidth` is the width of the space a segment ends with;
    /// `safeDistance` is three approximate character widths of the font (Pango's margin).
    static func lines(_ segments: [Segment], lineWidth: Int, spaceWidth: Int, safeDistance: Int) -> [Line]? {
        guard !segments.isEmpty else { return nil }
        // The widths and characters of the segments before each one: what is left of the paragraph
        // is a subtraction, not a sum on every line (which made a 100,000-character paragraph of
        // two-letter words wrapped at 200 points take 27 s).
        var widthBefore = [0], charactersBefore = [0]
        widthBefore.reserveCapacity(segments.count + 1)
        charactersBefore.reserveCapacity(segments.count + 1)
        for segment in segments {
            widthBefore.append(widthBefore[widthBefore.count - 1] + segment.width)
            charactersBefore.append(charactersBefore[charactersBefore.count - 1] + segment.characters)
        }
        var lines: [Line] = []
        var start = 0
        while start < segments.count {
            let restWidth = widthBefore[segments.count] - widthBefore[start]
            let restCharacters = charactersBefore[segments.count] - charactersBefore[start]
            guard
                let end = lineEnd(
                    segments, from: start, rest: (restWidth, restCharacters), lineWidth: lineWidth, spaceWidth: spaceWidth,
                    safeDistance: safeDistance)
            else {
                return nil
            }
            var width = widthBefore[end] - widthBefore[start]
            if end < segments.count && segments[end - 1].endsInSpace { width -= spaceWidth }
            lines.append(Line(segments: start..<end, width: width))
            start = end
        }
        return lines
    }

    /// Where the line starting at segment `start` ends (exclusive), as `process_item` decides for
    /// the rest of a one-item paragraph on an empty line — `rest`, the width and characters of the
    /// segments from `start` on; nil when no break fits.
    static func lineEnd(
        _ segments: [Segment], from start: Int, rest: (width: Int, characters: Int), lineWidth: Int, spaceWidth: Int, safeDistance: Int
    ) -> Int? {
        let end = segments.count
        if lineWidth < 0 { return end }  // wrapping off
        func extra(_ k: Int) -> Int { segments[k - 1].endsInSpace ? -spaceWidth : 0 }
        let whole = rest.width
        // The rest fits (or is a single character on an empty line).
        if whole + extra(end) <= lineWidth || rest.characters == 1 { return end }

        // Looking for a break: (position, width, extra) of the best so far; none yet is the end.
        var best = (position: end, width: whole, extra: extra(end))
        var width = 0
        for k in (start + 1)...end {
            width += segments[k - 1].width
            let e = extra(k)
            let hasBreak = best.position < end
            if min(width + e, width) > lineWidth + safeDistance && hasBreak { break }
            if width + e < lineWidth - safeDistance {
                best = (k, width, e)  // clearly fits
            } else {
                // Measured: the candidate shaped alone has the same width; a break at the very
                // end of the paragraph keeps its trailing space.
                let measuredExtra = k < end ? e : 0
                if !hasBreak || width + measuredExtra <= lineWidth || width + measuredExtra < best.width + best.extra {
                    best = (k, width, measuredExtra)
                }
            }
        }
        // Not even the first break fits: Pango retries with breaks between characters.
        if best.width + best.extra > lineWidth { return nil }
        return best.position
    }
}
