import CPangoCairo
import FeedshotLayout
import Foundation

/// The comment cells' own icons (the Amity UIKit's `icon_reply` and `icon_reply_inverse`), on the
/// 24 × 24 grid `Glyphs.draw` scales to the frame, in the colour it has set; their like, banned and
/// deleted icons are the kit's own (`KitIcon`, `AmityIcons`).
extension Glyphs {
    /// An outlined arrow pointing right, its tail curving down to the left.
    static func reply(_ cr: OpaquePointer) {
        cairo_set_line_width(cr, 1.9)
        cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND)
        cairo_move_to(cr, 13.5, 3.5)
        cairo_line_to(cr, 22, 11.5)
        cairo_line_to(cr, 13.5, 19.5)
        cairo_line_to(cr, 13.5, 15)
        cairo_curve_to(cr, 8.5, 15, 5.5, 16.5, 5, 21)
        cairo_curve_to(cr, 1.5, 17.5, 2, 8.5, 13.5, 8)
        cairo_close_path(cr)
        cairo_stroke(cr)
    }

    /// An arrow down from the top left and then right, in the middle two thirds of the grid's
    /// height (the kit's icon is 12 × 8).
    static func replies(_ cr: OpaquePointer) {
        cairo_set_line_width(cr, 2.6)
        cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND)
        cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND)
        cairo_move_to(cr, 3, 4.5)
        cairo_line_to(cr, 3, 14)
        cairo_line_to(cr, 21, 14)
        cairo_move_to(cr, 16.5, 9.5)
        cairo_line_to(cr, 21, 14)
        cairo_line_to(cr, 16.5, 18.5)
        cairo_stroke(cr)
    }
}
