import CPangoCairo
import FeedshotLayout
import Foundation

/// The comment cells' icons (the Amity UIKit's `icon_like_fill`, `icon_like_button`, `icon_reply`,
/// `icon_reply_inverse`, `icon_community_setting_banned`, `icon_delete_message`), on the 24 × 24
/// grid `Glyphs.draw` scales to the frame, in the colour it has set.
extension Glyphs {
    /// A filled thumbs up: the cuff and the hand, apart.
    static func likeFilled(_ cr: OpaquePointer) {
        Painter.roundedRect(cr, Rect(x: 2.5, y: 10, width: 4.5, height: 11), .all(1))
        cairo_fill(cr)
        thumb(cr, dx: 0, dy: 0, scale: 1)
        cairo_fill(cr)
    }

    /// A disc shaded from a light tint of the colour at the top to a dark one at the bottom, with a
    /// white thumbs up. The shading is a stack of flat fills — the disc, then ever smaller caps
    /// from the top, each lighter — not a Cairo gradient, whose pixels depend on where on the
    /// image it is drawn (drawing in strips must not change a pixel: docs/ARCHITECTURE.md, "Painting").
    static func likeBadge(_ cr: OpaquePointer, color: Color) {
        let steps = 8
        for step in 0..<steps {
            // From the dark tint (the whole disc) to the light one (the top cap).
            let light = Double(step) / Double(steps - 1)
            let mix = { (value: UInt8) -> Double in
                let channel = Double(value) / 255
                let dark = channel * 0.8, lighter = channel + (1 - channel) * 0.35
                return dark + (lighter - dark) * light
            }
            cairo_set_source_rgb(cr, mix(color.red), mix(color.green), mix(color.blue))
            let bottom = 24 * (1 - Double(step) / Double(steps))
            cap(cr, to: bottom)
            cairo_fill(cr)
        }
        cairo_set_source_rgb(cr, 1, 1, 1)
        Painter.roundedRect(cr, Rect(x: 6, y: 11.5, width: 2.6, height: 7), .all(0.8))
        cairo_fill(cr)
        thumb(cr, dx: 3.2, dy: 3.5, scale: 0.6)
        cairo_fill(cr)
    }

    /// The part of the grid's disc (centre (12, 12), radius 12) above `y`, as a closed path.
    private static func cap(_ cr: OpaquePointer, to y: Double) {
        guard y < 24 else {
            cairo_arc(cr, 12, 12, 12, 0, 2 * Double.pi)
            return
        }
        let half = (144 - (y - 12) * (y - 12)).squareRoot()
        let left = atan2(y - 12, -half)
        var right = atan2(y - 12, half)
        if right < left { right += 2 * Double.pi }
        cairo_arc(cr, 12, 12, 12, left, right)
        cairo_close_path(cr)
    }

    /// The hand of a thumbs up (its cuff aside), as a closed path, moved and scaled from the grid.
    private static func thumb(_ cr: OpaquePointer, dx: Double, dy: Double, scale: Double) {
        func p(_ x: Double, _ y: Double) -> (Double, Double) { (dx + x * scale + 8 * (1 - scale), dy + y * scale) }
        let points: [(Double, Double)] = [
            p(8.5, 10), p(12, 3.5), p(13.2, 3), p(14.6, 4.2), p(14.4, 6.5), p(13.5, 9.5), p(19.5, 9.5), p(21.5, 11.2),
            p(21, 13.5), p(19.3, 19.6), p(17.4, 21), p(8.5, 21),
        ]
        cairo_move_to(cr, points[0].0, points[0].1)
        for point in points.dropFirst() { cairo_line_to(cr, point.0, point.1) }
        cairo_close_path(cr)
    }

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

    /// A ring crossed from its top left to its bottom right.
    static func banned(_ cr: OpaquePointer) {
        cairo_set_line_width(cr, 2.2)
        cairo_arc(cr, 12, 12, 9.5, 0, 2 * Double.pi)
        cairo_stroke(cr)
        cairo_move_to(cr, 5.3, 5.3)
        cairo_line_to(cr, 18.7, 18.7)
        cairo_stroke(cr)
    }

    /// A ring with a rounded bar across its middle.
    static func minusCircle(_ cr: OpaquePointer) {
        cairo_set_line_width(cr, 1.8)
        cairo_arc(cr, 12, 12, 10.5, 0, 2 * Double.pi)
        cairo_stroke(cr)
        Painter.roundedRect(cr, Rect(x: 6.5, y: 10.8, width: 11, height: 2.4), .all(0.6))
        cairo_fill(cr)
    }
}
