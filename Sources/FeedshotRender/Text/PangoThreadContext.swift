import CPangoCairo
import FeedshotLayout
import Foundation

/// One thread's Pango font map and context for one font cascade (`FontCascade`), created once per
/// thread and cascade and reused for every text block it measures or draws in that cascade. Not
/// `Sendable`: it never leaves its thread.
final class PangoThreadContext {
    /// The faces, in order, that draw what a text's own font does not: every description and
    /// family span of this context lists them, and its caches hold only texts laid out with them.
    let cascade: FontCascade
    /// Owned (one reference), released in `deinit`.
    let fontMap: UnsafeMutablePointer<PangoFontMap>
    /// Owned (one reference), released in `deinit`.
    let context: OpaquePointer
    /// Font descriptions by spec; owned, freed in `deinit`.
    private var descriptions: [FontSpec: OpaquePointer] = [:]
    /// The family and file Pango loads for each font (`face(for:)`): fixed for the thread's font
    /// map, so asked of fontconfig once.
    var faces: [FontSpec: (family: String, file: String)] = [:]
    /// The loaded fonts' family names (`FontLibrary.families`): whether SF Pro was supplied.
    let installedFamilies: Set<String>
    /// Measured text by (text, width): the same label, name or message is laid out once per thread.
    let metrics = BoundedCache<MetricsKey, TextMetrics>(capacity: 8_192)
    /// Shaped layouts by (text, width), for drawing: names, times, labels and re-rendered messages
    /// are shaped once per thread. Cost is 1 + 1 per 512 bytes of text + 1 per span (`keep`), at
    /// most 1,024; texts over 8 KiB, or of about a thousand spans, are not kept.
    let layouts = BoundedCache<MetricsKey, PangoLayoutRef>(capacity: 1_024)
    /// The faces of other families that draw a text (`fontUses`), by text: a label, name or
    /// re-rendered message is itemized once per thread. Texts over 8 KiB are not kept.
    let otherFaces = BoundedCache<ExactText, [FontUse.Face]>(capacity: 4_096)
    /// An empty line's logical rectangle by font (`emptyLineBox`).
    private var emptyLines: [FontSpec: PangoRectangle] = [:]
    /// The fonts (family, weight, style and size) this context's descriptions and texts' spans
    /// have asked for: each makes the font map keep a pattern of its own (`renewIfWorn`).
    private(set) var fontsAskedFor: Set<FontSpec> = []
    /// Word widths, for measuring plain Latin text without a layout.
    private(set) lazy var words = WordShaper(context: self)

    /// A text at a width; the same key only where the text's scalars are (`ExactText`).
    struct MetricsKey: Hashable {
        var text: ExactText
        var width: Double

        init(text: StyledText, width: Double) {
            self.text = ExactText(text)
            self.width = width
        }
    }

    private init(library: FontLibrary, cascade: FontCascade) throws(RenderError) {
        guard let map = pango_cairo_font_map_new_for_font_type(CAIRO_FONT_TYPE_FT), feedshot_is_fc_font_map(map) != 0 else {
            throw RenderError.fonts("Pango has no fontconfig/FreeType font map")
        }
        pango_fc_font_map_set_config(feedshot_fc_font_map(map), library.config)
        self.installedFamilies = library.families
        self.cascade = cascade
        pango_cairo_font_map_set_resolution(OpaquePointer(map), 72)
        guard let context = pango_font_map_create_context(map) else {
            g_object_unref(map)
            throw RenderError.fonts("Pango could not create a context")
        }
        // Metrics that do not depend on the machine or the output scale (docs/ARCHITECTURE.md, "Fonts and determinism").
        let options = cairo_font_options_create()
        cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
        cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
        cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY)
        pango_cairo_context_set_font_options(context, options)
        cairo_font_options_destroy(options)
        pango_cairo_context_set_resolution(context, 72)
        pango_context_set_round_glyph_positions(context, 0)
        pango_context_set_language(context, PangoThreadContext.language())
        do {
            try PangoMetricsGuard.install(for: context)
        } catch {
            g_object_unref(UnsafeMutableRawPointer(context))
            g_object_unref(map)
            throw error
        }
        self.fontMap = map
        self.context = context
    }

    deinit {
        for description in descriptions.values { pango_font_description_free(description) }
        g_object_unref(UnsafeMutableRawPointer(context))
        g_object_unref(fontMap)
    }

    /// The language every text is laid out in. Pango's default is the C library's locale, which a
    /// library's host may set (`setlocale`); the `feedshot` command never does, so its texts were
    /// always laid out as "c".
    static func language() -> OpaquePointer? { pango_language_from_string("c") }

    /// The calling thread's context for `cascade`, created on first use.
    static func current(_ cascade: FontCascade) throws(RenderError) -> PangoThreadContext {
        try perThread(cascade).current()
    }

    /// Replaces the calling thread's contexts with new ones — new font maps, empty caches — once
    /// their texts have asked for more than `fonts` fonts together (`RenderOptions.fontsBeforeRenewal`);
    /// called where a render starts (`RenderPipeline.layout`), so the context a render fetches
    /// afterwards is one it keeps to its end (a contact sheet's own titles keep the context they
    /// fetched before its cells, by a strong reference). Pango's font map keeps a pattern for
    /// every font it has loaded, each size a font of its own, and never lets one go: documents of
    /// 500 one-character runs at 500 sizes each grew a thread by megabytes a render, until a
    /// server's worker died at its memory limit. A thread renews after rendering about a thousand
    /// fonts, however many documents that takes; the bundled kits' documents ask for a few dozen.
    /// The budget is the thread's, not each cascade's: documents alternating between languages
    /// would otherwise keep each of a thread's contexts (one a cascade) near it, that many times the memory.
    static func renewIfWorn(after fonts: Int) {
        let locals = contexts
        let asked = locals.reduce(0) { $0 + ($1.existing?.fontsAskedFor.count ?? 0) }
        guard asked > fonts else { return }
        for local in locals { local.reset() }
    }

    /// `points` in Pango units, rounded: a size as a description or an attribute takes it.
    static func units(_ points: Double) -> Int32 {
        Int32(clamping: Int((points * Double(feedshot_pango_scale)).rounded()))
    }

    /// Each thread's context in each cascade (a thread that renders no Japanese document never
    /// makes the Japanese one), by the cascade's index: every measure asks for its context.
    private static func perThread(_ cascade: FontCascade) -> ThreadLocal<PangoThreadContext> { contexts[cascade.rawValue] }

    private static let contexts = FontCascade.allCases.map { cascade in
        ThreadLocal { () throws(RenderError) in try PangoThreadContext(library: FontLibrary.shared(), cascade: cascade) }
    }

    func description(for font: FontSpec) -> OpaquePointer {
        if let cached = descriptions[font] { return cached }
        let system = font.family == nil ? SystemFont.families(size: font.size, installed: installedFamilies, cascade: cascade) : nil
        let description = pango_font_description_from_string(system ?? cascade.familyList(first: font.family))!
        pango_font_description_set_absolute_size(description, font.size * Double(feedshot_pango_scale))
        fontsAskedFor.insert(font)
        // The variable SF Pro at the optical size of the point size (static faces ignore it).
        if system != nil { "opsz=\(font.size)".withCString { pango_font_description_set_variations(description, $0) } }
        pango_font_description_set_weight(description, PangoThreadContext.weight(font.weight))
        pango_font_description_set_style(description, font.isItalic ? PANGO_STYLE_ITALIC : PANGO_STYLE_NORMAL)
        descriptions[font] = description
        return description
    }

    /// The logical rectangle of an empty line in `font` (y from the baseline, downwards), no
    /// wider than nothing: what a hidden control character takes (`setAttributes`), so a line of
    /// them alone is as tall as an empty line, as in TextKit, not 0 tall.
    func emptyLineBox(_ font: FontSpec) -> PangoRectangle {
        if let cached = emptyLines[font] { return cached }
        let layout = pango_layout_new(context)!
        defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
        pango_layout_set_font_description(layout, description(for: font))
        var logical = PangoRectangle()
        pango_layout_get_extents(layout, nil, &logical)
        let box = PangoRectangle(x: 0, y: -pango_layout_get_baseline(layout), width: 0, height: logical.height)
        emptyLines[font] = box
        return box
    }

    static func weight(_ weight: FontSpec.Weight) -> PangoWeight {
        switch weight {
        case .regular: PANGO_WEIGHT_NORMAL
        case .semibold: PANGO_WEIGHT_SEMIBOLD
        case .bold: PANGO_WEIGHT_BOLD
        }
    }

    /// The layout of `text` at `width`, from the cache or made and kept there.
    func cachedLayout(_ text: StyledText, width: Double) -> PangoLayoutRef {
        let key = MetricsKey(text: text, width: width)
        if let hit = layouts[key] { return hit }
        let layout = makeLayout(text, width: width)
        keep(layout, for: text, width: width)
        return layout
    }

    /// Keeps `layout` as the layout of `text` at `width` (unless the text is over 8 KiB), at a cost
    /// of its bytes and its spans: a layout holds every font its runs use, and each span may ask
    /// for a font of its own (a size, a weight). Counted by bytes alone, texts of 500 one-character
    /// runs at 500 sizes each cost 1 each and kept their 500 fonts alive (with `renewIfWorn`, which
    /// bounds the font map itself: 40 such renders on one thread, 430 → 99 MB resident).
    func keep(_ layout: PangoLayoutRef, for text: StyledText, width: Double) {
        let bytes = text.string.utf8.count
        guard bytes <= 8 * 1024 else { return }
        layouts.insert(layout, for: MetricsKey(text: text, width: width), cost: 1 + bytes / 512 + text.spans.count)
    }

    /// A Pango layout of `text` wrapped at `width` points: the one place text is laid out, for
    /// measuring and for drawing alike.
    ///
    /// A text element is drawn at its frame's width: the width it was wrapped at (a post's
    /// label), or its widest line rounded up (a bubble hugging its text, as MessageKit's
    /// `labelSize` and Amity's cells do). The widest line, rounded up, can be wider than the wrap
    /// width: where the width is fractional (MessageKit's 75 % of the screen less insets), where
    /// the white space that ends the text hangs past it, or where one grapheme cluster is wider
    /// than the line on its own (a run of combining marks). Pango, given that wider width, can fit
    /// more on a line (a word moved up; fuzz findings: three lines measured, two drawn). So a text
    /// whose widest line, rounded up, is wider than `width` is laid out again at that width, while
    /// it grows: measured at the wrap width and drawn at either width, it has the same lines —
    /// those a label as wide as the bubble draws. After `passes` widenings that have not settled
    /// (paragraphs each hanging a space past the last width could keep it growing), the text is
    /// laid out unwrapped, a line a paragraph, which every width at least its widest line keeps.
    /// (Narrower widths usually keep the lines too, but not always: Pango's line breaking is not
    /// monotonic in the width. The painter then draws the text as it was measured: `DrawnLayout`.)
    func makeLayout(_ text: StyledText, width: Double, passes: Int = 8) -> PangoLayoutRef {
        // What Pango is handed, the characters it must keep whole and those it must hide are the
        // same for every pass.
        let handed = Handed(text.string)
        let clusters = ClusterBreaks.brokenInside(text.string, pangoText: handed.text)
        var wrapWidth = width
        var layout = PangoLayoutRef(makeLayout(text, handed, keepingWhole: clusters, wrappedAt: width))
        for pass in 0...passes {
            let widest = withExtendedLifetime(layout) { PangoThreadContext.widestLine(of: layout.pointer) }
            let drawnWidth = (Double(widest) / Double(feedshot_pango_scale)).rounded(.up)
            guard PangoThreadContext.wrapWidth(wrapWidth) >= 0, drawnWidth > wrapWidth else { break }
            guard pass < passes else { return PangoLayoutRef(makeLayout(text, handed, keepingWhole: clusters, wrappedAt: 0)) }
            wrapWidth = drawnWidth
            layout = PangoLayoutRef(makeLayout(text, handed, keepingWhole: clusters, wrappedAt: wrapWidth))
        }
        return layout
    }

    /// A text as Pango is handed it: its characters (`pangoText`) and the byte ranges of those it
    /// hides (`ControlCharacters`).
    private struct Handed {
        var text: String
        var controls: [Range<Int>]

        /// `string` as Pango is handed it, for laying it out and for itemizing it alike.
        init(_ string: String) {
            controls = ControlCharacters.ranges(in: string)
            text = PangoThreadContext.pangoText(string, hasControls: !controls.isEmpty)
        }
    }

    /// `text`, handed to Pango as `handed`, laid out wrapped at `width` points, with no line
    /// breaks inside `clusters` (`ClusterBreaks`); the caller owns the layout.
    ///
    /// Hangul wraps between words, not between syllables (UIKit's `.hangulWordPriority`): each
    /// Hangul run is kept whole, except a run on a line it overflows, which then breaks between
    /// syllables as UIKit breaks an over-long word.
    private func makeLayout(
        _ text: StyledText, _ handed: Handed, keepingWhole clusters: [Range<Int>], wrappedAt width: Double
    ) -> OpaquePointer {
        let layout = pango_layout_new(context)!
        pango_layout_set_font_description(layout, description(for: text.font))
        pango_layout_set_wrap(layout, PANGO_WRAP_WORD_CHAR)
        let units = PangoThreadContext.wrapWidth(width)
        let wraps = units >= 0
        pango_layout_set_width(layout, units)
        // Left and right are the paragraph's start and end (Pango's automatic direction): the
        // same for left-to-right text; right-to-left text is mirrored elsewhere. The visual left
        // of a right-to-left text is its paragraphs' end, its visual right their start; a text
        // whose paragraphs mix directions has no alignment that sets all its lines on one side,
        // so the painter moves the lines Pango sets on the other there (`DrawnLayout.lineShifts`).
        switch text.alignment {
        case .natural, .left: break
        case .center: pango_layout_set_alignment(layout, PANGO_ALIGN_CENTER)
        case .right: pango_layout_set_alignment(layout, PANGO_ALIGN_RIGHT)
        case .visualLeft:
            if TextDirection.isRightToLeftThroughout(text.string) { pango_layout_set_alignment(layout, PANGO_ALIGN_RIGHT) }
        case .visualRight:
            if !TextDirection.isRightToLeftThroughout(text.string) { pango_layout_set_alignment(layout, PANGO_ALIGN_RIGHT) }
        }
        handed.text.withCString { pango_layout_set_text(layout, $0, -1) }
        // Characters Pango may break inside (its 1.50 aborts on some) stay whole in any case.
        var wholeRuns = wraps ? CharacterRuns.hangul(in: text.string) : []
        setAttributes(layout, text, hiding: handed.controls, keepingWhole: wholeRuns + clusters)
        while !wholeRuns.isEmpty {
            let overflowing = PangoThreadContext.lines(of: layout, widerThan: units)
            let kept = wholeRuns.filter { run in !overflowing.contains { $0.overlaps(run) } }
            guard kept.count < wholeRuns.count else { break }
            wholeRuns = kept
            setAttributes(layout, text, hiding: handed.controls, keepingWhole: wholeRuns + clusters)
        }
        return layout
    }

    /// The width Pango wraps text at for `width` points: Pango units, rounded down; -1 (no
    /// wrapping) for widths that are not positive or do not fit Pango's 32-bit units.
    static func wrapWidth(_ width: Double) -> Int32 {
        let units = (width * Double(feedshot_pango_scale)).rounded(.down)
        return units > 0 && units < Double(Int32.max) ? Int32(units) : -1
    }

    /// Sets the attributes of `text` on `layout` (`attributeList`).
    private func setAttributes(
        _ layout: OpaquePointer, _ text: StyledText, hiding controls: [Range<Int>], keepingWhole wholeRuns: [Range<Int>]
    ) {
        let attributes = attributeList(text, hiding: controls, keepingWhole: wholeRuns)
        pango_layout_set_attributes(layout, attributes)
        pango_attr_list_unref(attributes)
    }

    /// The attributes of `text`, a new list the caller owns: no inserted hyphens, the emoji face
    /// for emoji, the spans' colours, weights, styles, sizes, underlines and inline boxes, empty
    /// boxes over the control characters `controls`, and no line breaks inside `wholeRuns`.
    private func attributeList(_ text: StyledText, hiding controls: [Range<Int>], keepingWhole wholeRuns: [Range<Int>]) -> OpaquePointer {
        let batch = PangoAttributes()
        // UIKit breaks inside over-long words without inserting hyphens; so does Feedshot.
        batch.add(pango_attr_insert_hyphens_new(0), 0..<Int(UInt32.max))
        // Long texts are cut into items of about 256 bytes (below).
        var itemStart = 0
        for boundary in PangoThreadContext.itemBoundaries(in: text.string) {
            batch.add(pango_attr_fallback_new(1), itemStart..<boundary)
            itemStart = boundary
        }
        // Control characters draw nothing and take no width, as in UIKit (`ControlCharacters`): an
        // inline box each with no ink, zero wide and an empty line tall (a line of them alone is
        // not 0 tall).
        var ink = PangoRectangle()
        var logical = controls.isEmpty ? PangoRectangle() : emptyLineBox(text.font)
        for range in controls {
            batch.add(pango_attr_shape_new(&ink, &logical), range)
        }
        for range in wholeRuns {
            batch.add(pango_attr_allow_breaks_new(0), range)
        }
        // Overlapping spans go to Pango resolved, one a stretch (`OverlappingSpans`).
        let spans = OverlappingSpans.overlap(text.spans) ? OverlappingSpans.resolved(text.spans) : text.spans
        batch.add(spans, cascade: cascade)
        for span in spans where span.size != nil || span.weight != nil || span.isItalic != nil || span.family != nil {
            let base = text.font
            fontsAskedFor.insert(
                FontSpec(
                    size: span.size ?? base.size, weight: span.weight ?? base.weight, isItalic: span.isItalic ?? base.isItalic,
                    family: span.family ?? base.family))
        }
        // Emoji in the emoji face only, over any span's family (so after the spans): Pango picks
        // each character's font by itself, and a text-default sign inside a ZWJ sequence (the ♂ of
        // 🤷‍♂️, the ❤ of ❤️‍🔥) would otherwise come from a text face that has it, breaking the
        // sequence in two.
        // Pango lets the attribute that starts later win, so a run is cut where a span starts or
        // ends inside it.
        // The edges inside each run are found by a binary search (filtering them all for each run
        // took a quarter of a text with 40,000 emoji among 2,000 hashtags).
        let edges = Set(spans.flatMap { [$0.start, $0.end] }).sorted()
        for range in CharacterRuns.emoji(in: text.string) {
            let first = edges.partitioningIndex { $0 > range.lowerBound }
            let inside = edges[first..<max(first, edges.partitioningIndex { $0 >= range.upperBound })]
            let cuts = [range.lowerBound] + inside + [range.upperBound]
            for (start, end) in zip(cuts, cuts.dropFirst()) {
                batch.add(pango_attr_family_new(FontLibrary.emojiFamilies), start..<end)
                batch.add(pango_attr_fallback_new(0), start..<end)
            }
        }
        return batch.list()
    }

    /// Calls `body` with each item Pango's itemization gives `text` — its runs' fonts and scripts,
    /// as a layout of it would have them, without shaping it or breaking its lines: the text as
    /// `makeLayout` hands it to Pango, its attributes, and its font as the base of them.
    func forEachItem(of text: StyledText, _ body: (PangoItem) -> Void) {
        let handed = Handed(text.string)
        let attributes = attributeList(text, hiding: handed.controls, keepingWhole: [])
        defer { pango_attr_list_unref(attributes) }
        pango_attr_list_insert_before(attributes, pango_attr_font_desc_new(description(for: text.font)))
        handed.text.withCString { bytes in
            // Owned: the list and its items, freed together.
            let items = pango_itemize(context, bytes, 0, Int32(strlen(bytes)), attributes, nil)
            defer { g_list_free_full(items) { pango_item_free($0?.assumingMemoryBound(to: PangoItem.self)) } }
            var node = items
            while let current = node {
                if let item = current.pointee.data?.assumingMemoryBound(to: PangoItem.self) { body(item.pointee) }
                node = current.pointee.next
            }
        }
    }

    /// Texts longer than this many bytes are cut into items (below).
    static let longTextBytes = 2_048

    /// Where a long text is cut into separate Pango items: every 256 bytes or so, just after a
    /// space when one comes within 64 bytes, else between two characters (grapheme clusters).
    ///
    /// Pango 1.50 breaks a line inside an item by shaping the rest of the item again for every
    /// line (`process_item` in pango-layout.c), so one unbreakable run of n characters cost
    /// O(n² / line length): 100,000 characters took minutes. An attribute boundary ends an item
    /// (`itemize_state_process_run` in itemize.c), so a no-op attribute (`fallback`, already on)
    /// over each piece bounds the work per line; the only visible effect is that no kerning pair
    /// spans a cut. Texts up to `longTextBytes` are not cut, so short texts lay out exactly as before.
    static func itemBoundaries(in text: String) -> [Int] {
        guard text.utf8.count > longTextBytes else { return [] }
        var boundaries: [Int] = []
        var offset = 0
        var last = 0
        for character in text {
            offset += character.utf8.count
            let length = offset - last
            if length >= 256 && character == " " || length >= 320 {
                boundaries.append(offset)
                last = offset
            }
        }
        if last < offset { boundaries.append(offset) }
        return boundaries
    }

    /// How far left to draw `layout` in a frame `frameWidth` points wide so its lines align to the
    /// frame rather than to the wider width `makeLayout` laid it out at: 0 where that width is not
    /// wider than the frame, or every line starts at its left edge; else the part of the widening
    /// the lines' alignment gives them (all of it right-aligned, half centred), when all lines
    /// share it (a text mixing right-to-left and left-to-right paragraphs keeps Pango's positions,
    /// moved line by line where it is set against a side: `DrawnLayout.lineShifts`;
    /// a line that draws nothing, logical and ink extents empty, does not count).
    static func alignmentShift(of layout: OpaquePointer, frameWidth: Double) -> Double {
        sharedAlignmentShift(of: layout, frameWidth: frameWidth) ?? 0
    }

    /// `alignmentShift`, or nil where the layout is wider than the frame and its lines do not share
    /// one alignment.
    static func sharedAlignmentShift(of layout: OpaquePointer, frameWidth: Double) -> Double? {
        let scale = Double(feedshot_pango_scale)
        let width = Double(pango_layout_get_width(layout))
        guard width > 0, width / scale > frameWidth, let iterator = pango_layout_get_iter(layout) else { return 0 }
        defer { pango_layout_iter_free(iterator) }
        var share: Double?
        repeat {
            var ink = PangoRectangle(), logical = PangoRectangle()
            pango_layout_iter_get_line_extents(iterator, &ink, &logical)
            // A line that draws nothing has no alignment to share (a paragraph of a bidi control
            // alone, U+202E, sits right-aligned in a left-to-right text).
            if logical.width == 0 && ink.width == 0 { continue }
            let room = width - Double(logical.width)
            guard room > 0 else { continue }
            let lineShare = Double(logical.x) / room
            if let share, abs(share - lineShare) > 0.01 { return nil }
            share = share ?? lineShare
        } while pango_layout_iter_next_line(iterator) != 0
        return -(share ?? 0) * (width / scale - frameWidth)
    }

    /// The logical width of the widest line of `layout`, in Pango units.
    static func widestLine(of layout: OpaquePointer) -> Int32 {
        var widest: Int32 = 0
        PangoLines.forEach(in: layout) { _, line in
            var logical = PangoRectangle()
            pango_layout_line_get_extents(line, nil, &logical)
            widest = max(widest, logical.width)
        }
        return widest
    }

    /// Byte ranges of the lines of `layout` whose logical width is over `width` Pango units.
    static func lines(of layout: OpaquePointer, widerThan width: Int32) -> [Range<Int>] {
        var result: [Range<Int>] = []
        PangoLines.forEach(in: layout) { _, line in
            var logical = PangoRectangle()
            pango_layout_line_get_extents(line, nil, &logical)
            guard logical.width > width else { return }
            let start = Int(pango_layout_line_get_start_index(line))
            result.append(start..<(start + Int(pango_layout_line_get_length(line))))
        }
        return result
    }

    /// The text as handed to Pango: explicit bidirectional controls the bidi engine cannot take
    /// safely are replaced by U+2060 WORD JOINER, the same UTF-8 length, so every byte offset and
    /// line break holds (`BidiControls`; the layout's warnings say so). A VS16 stays: emoji runs
    /// are drawn from the emoji face alone (`setAttributes`), which shows it as nothing, and the
    /// line may break after it as after any emoji. Noncharacters become replacement boxes of the
    /// same lengths (`Noncharacters`), which Cairo's PDF surface takes. In a text with control
    /// characters (`hasControls`), a NUL becomes U+0001 (`ControlCharacters`: both draw as nothing),
    /// so the C string Pango reads is the whole text.
    static func pangoText(_ text: String, hasControls: Bool) -> String {
        let safe = Noncharacters.replaced(BidiControls.sanitized(text).text).text
        return hasControls ? ControlCharacters.withoutNUL(safe) : safe
    }

}
