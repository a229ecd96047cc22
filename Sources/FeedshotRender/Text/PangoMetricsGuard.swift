import CPangoCairo
import Foundation

/// Makes a font's metrics in Pango independent of what the process laid out before or beside it.
///
/// Pango's line breaker reshapes a break candidate, rather than trusting its estimate, when the
/// estimate overflows the line by less than three of the font's approximate character widths
/// (`process_item`, pango-layout.c). Pango 1.50 finds that width, per font and language, by laying
/// out a sample sentence in the font, and keeps it (`_pango_cairo_font_get_metrics`,
/// pangocairo-font.c; unchanged on Pango's main branch). A process-wide `static int
/// in_get_metrics` keeps that computation from recursing: while any thread computes one font's
/// width, any font asked for metrics on any thread is given, and keeps for good, metrics with no
/// approximate width (0). So the breaks a text got depended on what ran before it on its thread —
/// Feedshot Inter at 17 points kept 0 after an Arabic, Hebrew or Thai text, whose font's sample
/// sentence used it, and 7,656 units otherwise — and on what ran beside it on another thread:
/// `post-rtl` at 150.5 points broke its author's Arabic name "ليل|ى" alone and "لي|ل|ى" after two
/// threads started at once; `mk-link-preview` at 150.5 points was 28 pixels shorter after
/// `mk-rtl-mirrored` on the same thread.
///
/// The guard replaces the `get_metrics` method of the font class Feedshot's font maps make (the
/// class structure is public, for Pango's back ends). A call from outside any metrics computation
/// runs Pango's own, one at a time in the process, so no other thread is inside one meanwhile. A
/// call made inside one — by the sample sentence's layout, whose heights Pango discards (it keeps
/// the widths only) — gets placeholder metrics and leaves nothing behind, so no font keeps a
/// width of 0. Every font's metrics are then those it gets when asked first, alone.
enum PangoMetricsGuard {
    typealias Metrics = UnsafeMutablePointer<PangoFontMetrics>
    /// `PangoFontClass.get_metrics`: a font and a language (`PangoLanguage`) to a new reference.
    typealias GetMetrics = @convention(c) (UnsafeMutablePointer<PangoFont>?, OpaquePointer?) -> Metrics?

    /// Replaces `get_metrics` of the class of the fonts `context` loads, once in the process.
    static func install(for context: OpaquePointer) throws(RenderError) {
        installLock.lock()
        defer { installLock.unlock() }
        if pangos != nil { return }
        guard let description = pango_font_description_from_string("\(FontLibrary.standInFamily) 12") else {
            throw RenderError.fonts("Pango could not parse a font description")
        }
        defer { pango_font_description_free(description) }
        guard let font = pango_context_load_font(context, description) else {
            throw RenderError.fonts("Pango could not load \(FontLibrary.standInFamily)")
        }
        defer { g_object_unref(font) }
        guard let fontClass = feedshot_font_class(font), let original = fontClass.pointee.get_metrics,
            let metrics = original(font, pango_language_from_string("en"))
        else {
            throw RenderError.fonts("Pango's fonts have no metrics method")
        }
        // English in the stand-in needs no other font, so this first computation nests in no other.
        placeholder = metrics
        pangos = original
        fontClass.pointee.get_metrics = guarded
    }

    /// Held while Pango computes metrics (each font's once per language; later calls return them).
    private static let lock = NSLock()
    private static let installLock = NSLock()
    /// Pango's own method; set once, before the class points at `guarded`.
    nonisolated(unsafe) private static var pangos: GetMetrics?
    /// Metrics of the stand-in at 12 points, owned for the life of the process: what a call from
    /// inside a metrics computation gets (a new reference to it).
    nonisolated(unsafe) private static var placeholder: Metrics?
    /// How deep the calling thread is in Pango's metrics computations.
    private static let depth = ThreadLocal { Depth() }

    private final class Depth {
        var value = 0
    }

    private static let guarded: GetMetrics = { font, language in
        let depth = PangoMetricsGuard.depth.value
        if depth.value > 0 { return pango_font_metrics_ref(PangoMetricsGuard.placeholder) }
        PangoMetricsGuard.lock.lock()
        depth.value += 1
        defer {
            depth.value -= 1
            PangoMetricsGuard.lock.unlock()
        }
        return PangoMetricsGuard.pangos?(font, language)
    }
}
