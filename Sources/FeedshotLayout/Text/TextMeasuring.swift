/// Lays text out at a constrained width and reports its lines: the one seam between layout and fonts.
///
/// Feedshot's implementation is Pango (`PangoTextMeasurer` in FeedshotRender); tests use a fake with
/// fixed glyph sizes. Implementations return logical (unrounded) sizes in points; rounding is
/// `TextBlock`'s job, in one place.
package protocol TextMeasuring: Sendable {
    /// Lays `text` out wrapping words at `width` points (characters inside words too long for a line).
    func measure(_ text: StyledText, width: Double) -> TextMetrics
}
