import CPangoCairo
import FeedshotLayout

/// Measures text from the widths of its words, each shaped once per thread, where Pango's lines
/// can be replayed exactly (`PangoLineFill`) — the way Android's Minikin caches word layouts.
/// Shaping is most of what a Pango layout costs (HarfBuzz runs Inter's contextual lookups over
/// every character); a message made of words seen before is measured here without shaping.
///
/// It takes text whose paragraph is one Pango item with breaks only after spaces, and gives up
/// (nil: the caller asks Pango) on anything else:
/// - one line of letters (ASCII and Latin-1), digits, spaces and common punctuation, at least one
///   letter (so the item's script is Latin), every break opportunity after a space
///   (`LatinLineBreaks`); spans that only colour or underline;
/// - the family's first font draws "a" and has every character but the spaces (Pango draws each
///   character in the first font that has it: a family without Latin letters, such as Noto Sans
///   Tamil, draws "a" in a fallback font and its own digits);
/// - the font kerns no character after a space, and no character standing alone between spaces
///   changes with the characters beyond them (each checked once per character and font);
/// - no word is wider than a line (Pango would break inside it), and the widest line, rounded
///   up, is not wider than the width (`makeLayout` would lay the text out again, wider);
/// - the Pango library is 1.50.x, whose `process_item` `PangoLineFill` follows.
/// Debug builds check every result against a Pango layout.
final class WordShaper {
    /// One font's shaping facts, from a Pango layout of "a".
    final class Face {
        /// The item analysis Pango gives Latin text in this font. Owns one reference to its font.
        var analysis: PangoAnalysis
        /// Width of a space shaped alone.
        var spaceWidth = 0
        /// Logical height of one line.
        let lineHeight: Int
        /// Pango's margin for looking at breaks: three approximate character widths.
        let safeDistance: Int
        /// Whether a space followed by each character is shaped as the two apart.
        var spaceKernsWith: [UInt32: Bool] = [:]
        /// Whether each character, alone between spaces, changes with its neighbours ("1 x 2"
        /// becomes "1 × 2" in Inter).
        var isolatedChanges: [UInt32: Bool] = [:]
        /// Whether this face's font has each character: Pango draws a character in the first font
        /// of the fontset that has it, the face's own (`makeFace` takes only a family's first font).
        var hasCharacter: [UInt32: Bool] = [:]

        init(analysis: PangoAnalysis, lineHeight: Int, safeDistance: Int) {
            self.analysis = analysis
            self.lineHeight = lineHeight
            self.safeDistance = safeDistance
        }

        deinit { g_object_unref(UnsafeMutableRawPointer(analysis.font)) }
    }

    /// A word in a font; the same key only where the word's scalars are (`ExactString`).
    struct WordKey: Hashable {
        var font: FontSpec
        var word: ExactString
    }

    private unowned let context: PangoThreadContext
    private var faces: [FontSpec: Face?] = [:]
    /// Word widths in Pango units, by font and word.
    let widths = BoundedCache<WordKey, Int>(capacity: 16_384)
    /// Owned; freed in `deinit`.
    private let glyphs: UnsafeMutablePointer<PangoGlyphString>

    init(context: PangoThreadContext) {
        self.context = context
        glyphs = pango_glyph_string_new()
    }

    deinit {
        pango_glyph_string_free(glyphs)
    }

    /// Whether the Pango in use is the one whose line filling `PangoLineFill` replays (1.50.x,
    /// Debian 12's); with any other, every text goes to Pango.
    static let replaysThisPango = (15_000..<15_100).contains(pango_version())

    /// The metrics Pango would give `text` at `width`, or nil where this shaper cannot be sure.
    func metrics(_ text: StyledText, width: Double) -> TextMetrics? {
        guard WordShaper.replaysThisPango,
            text.spans.allSatisfy({ $0.weight == nil && $0.isItalic != true && $0.size == nil && $0.family == nil && $0.attachment == nil })
        else {
            return nil
        }
        let lineWidth = Int(PangoThreadContext.wrapWidth(width))
        var string = text.string
        string.makeContiguousUTF8()
        let bytes = string.utf8.span
        guard let ends = LatinLineBreaks.breaks(in: bytes), let face = face(for: text.font) else { return nil }
        // The segments between breaks; a break follows a space (LatinLineBreaks) that the next
        // word must not kern with.
        var segments: [PangoLineFill.Segment] = []
        segments.reserveCapacity(ends.count)
        var start = 0
        for end in ends {
            let endsInSpace = bytes[end - 1] == 0x20
            if end < bytes.count && spaceKerns(face, before: WordShaper.scalar(in: bytes, at: end)) { return nil }
            // A character standing alone between spaces ("1 x 2").
            var first = start, last = end
            while first < last && bytes[first] == 0x20 { first += 1 }
            while last > first && bytes[last - 1] == 0x20 { last -= 1 }
            if last > first, WordShaper.sequenceLength(bytes[first]) == last - first,
                changesWhenIsolated(face, WordShaper.scalar(in: bytes, at: first))
            {
                return nil
            }
            var characters = 0
            for index in start..<end where bytes[index] & 0xC0 != 0x80 { characters += 1 }
            let word = string.utf8Slice(start..<end)
            guard let wordWidth = self.width(of: word, face: face, font: text.font) else { return nil }
            segments.append(PangoLineFill.Segment(width: wordWidth, characters: characters, endsInSpace: endsInSpace))
            start = end
        }
        guard
            let lines = PangoLineFill.lines(
                segments, lineWidth: lineWidth, spaceWidth: face.spaceWidth, safeDistance: face.safeDistance)
        else {
            return nil
        }
        let scale = Double(feedshot_pango_scale)
        var result: [TextLine] = []
        result.reserveCapacity(lines.count)
        var widest = 0.0
        for line in lines {
            let start = line.segments.lowerBound == 0 ? 0 : ends[line.segments.lowerBound - 1]
            let end = ends[line.segments.upperBound - 1]
            let lineWidth = Double(line.width) / scale
            widest = max(widest, lineWidth)
            result.append(TextLine(text: string.utf8Slice(start..<end), start: start, width: lineWidth))
        }
        // This replays one pass of Pango's line filling, not `makeLayout`'s second pass at a text's
        // widest line, rounded up, where that is over the width.
        guard widest.rounded(.up) <= width else { return nil }
        return TextMetrics(lines: result, height: Double(face.lineHeight * lines.count) / scale, width: widest)
    }

    @inline(__always)
    static func sequenceLength(_ lead: UInt8) -> Int {
        lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
    }

    /// Width of `word` shaped alone in `face`, from the cache or shaped and kept; nil where Pango
    /// would draw some character of it in another font (kept as −1, so a word is checked once).
    private func width(of word: String, face: Face, font: FontSpec) -> Int? {
        let key = WordKey(font: font, word: ExactString(word))
        if let known = widths[key] { return known < 0 ? nil : known }
        // Spaces are not checked: Pango gives them the font of the characters around them.
        let inThisFont = word.unicodeScalars.allSatisfy { $0 == " " || has($0.value, face) }
        let shaped = inThisFont ? shape(word, face) : -1
        widths.insert(shaped, for: key)
        return shaped < 0 ? nil : shaped
    }

    /// Whether `face`'s font has `scalar`, checked once per character and face.
    private func has(_ scalar: UInt32, _ face: Face) -> Bool {
        if let known = face.hasCharacter[scalar] { return known }
        let has = pango_font_has_char(face.analysis.font, scalar) != 0
        face.hasCharacter[scalar] = has
        return has
    }

    /// Width of `text` shaped by Pango as Latin text in `face` (its UTF-8 lent to Pango for the call).
    private func shape(_ text: String, _ face: Face) -> Int {
        var text = text
        text.withUTF8 { bytes in
            bytes.withMemoryRebound(to: CChar.self) { chars in
                pango_shape_full(chars.baseAddress, Int32(chars.count), chars.baseAddress, Int32(chars.count), &face.analysis, glyphs)
            }
        }
        return Int(pango_glyph_string_get_width(glyphs))
    }

    /// Whether `face` shapes a space followed by `scalar` differently from the two apart (a kern
    /// across the boundary between two words), checked once per character.
    private func spaceKerns(_ face: Face, before scalar: UInt32) -> Bool {
        if let known = face.spaceKernsWith[scalar] { return known }
        guard let character = Unicode.Scalar(scalar).map(Character.init) else { return true }
        let kerns = shape(" " + String(character), face) != shape(String(character), face) + face.spaceWidth
        face.spaceKernsWith[scalar] = kerns
        return kerns
    }

    /// Neighbours tried around a character standing alone: digits, letters, punctuation.
    static let neighbours = ["0", "1", "9", "a", "H", "x", ".", ",", "(", ")", "-", "|", "*", ":", "'", "?"]

    /// Whether `face` shapes `scalar` between two spaces differently with some neighbours beyond
    /// them (a contextual substitution across the spaces), checked once per character.
    private func changesWhenIsolated(_ face: Face, _ scalar: UInt32) -> Bool {
        if let known = face.isolatedChanges[scalar] { return known }
        guard let character = Unicode.Scalar(scalar).map(Character.init) else { return true }
        func width(_ string: String) -> Int { shape(string, face) }
        let middle = width(String(character) + " ")
        let lefts = WordShaper.neighbours.map { width($0 + " ") }
        let rights = WordShaper.neighbours.map { width($0) }
        var changes = false
        search: for (i, left) in WordShaper.neighbours.enumerated() {
            for (j, right) in WordShaper.neighbours.enumerated()
            where width(left + " " + String(character) + " " + right) != lefts[i] + middle + rights[j] {
                changes = true
                break search
            }
        }
        face.isolatedChanges[scalar] = changes
        return changes
    }

    /// The scalar whose UTF-8 form starts at `bytes[index]` (valid UTF-8).
    static func scalar(in bytes: Span<UInt8>, at index: Int) -> UInt32 {
        let lead = UInt32(bytes[index])
        switch sequenceLength(bytes[index]) {
        case 1: return lead
        case 2: return (lead & 0x1F) << 6 | UInt32(bytes[index + 1] & 0x3F)
        case 3: return (lead & 0x0F) << 12 | UInt32(bytes[index + 1] & 0x3F) << 6 | UInt32(bytes[index + 2] & 0x3F)
        default:
            return (lead & 0x07) << 18 | UInt32(bytes[index + 1] & 0x3F) << 12 | UInt32(bytes[index + 2] & 0x3F) << 6
                | UInt32(bytes[index + 3] & 0x3F)
        }
    }

    /// `font`'s facts, found once per thread (nil if Pango does not lay "a" out in one item).
    private func face(for font: FontSpec) -> Face? {
        if let known = faces[font] { return known }
        let face = makeFace(font)
        faces[font] = face
        return face
    }

    /// Nil where Pango draws "a" in a font further down the fontset than its first: a family
    /// without Latin letters (Noto Sans Tamil) draws its own digits and colon but "a" in a
    /// fallback, so "12:00 PM" is two fonts, which word widths in one cannot replay.
    private func makeFace(_ font: FontSpec) -> Face? {
        guard let first = pango_context_load_font(context.context, context.description(for: font)) else { return nil }
        defer { g_object_unref(UnsafeMutableRawPointer(first)) }
        let probe = context.makeLayout(StyledText("a", font: font), width: 0)
        guard let face = withExtendedLifetime(probe, { makeFace(probe.pointer) }), face.analysis.font == first else { return nil }
        return face
    }

    private func makeFace(_ probe: OpaquePointer) -> Face? {
        guard pango_layout_get_line_count(probe) == 1, let line = pango_layout_get_line_readonly(probe, 0),
            let run = line.pointee.runs, run.pointee.next == nil,
            let item = run.pointee.data?.assumingMemoryBound(to: PangoGlyphItem.self).pointee.item
        else { return nil }
        var analysis = item.pointee.analysis
        analysis.extra_attrs = nil
        g_object_ref(UnsafeMutableRawPointer(analysis.font))
        var logical = PangoRectangle()
        pango_layout_get_extents(probe, nil, &logical)
        let metrics = pango_font_get_metrics(analysis.font, analysis.language)
        let approximate = Int(pango_font_metrics_get_approximate_char_width(metrics))
        pango_font_metrics_unref(metrics)
        let face = Face(analysis: analysis, lineHeight: Int(logical.height), safeDistance: approximate * 3)
        face.spaceWidth = shape(" ", face)
        return face
    }
}
