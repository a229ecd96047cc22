import CPangoCairo
import FeedshotLayout
import Foundation

/// The Amity UIKit's chat icons, traced from the kit's vector assets
/// (`UpstraUIKit/UpstraUIKit/Assets.xcassets` at 429fcec: `icons/General/icon_message_failed`,
/// `icons/General/icon_delete_message`, `icons/Chat/icon_play`, `icons/Chat/icon_pause`,
/// `Default Images/default_message_image`), and a still `UIActivityIndicatorView`.
///
/// `Glyphs.draw` has already mapped its 24 × 24 grid onto the square in the middle of the frame;
/// each icon maps its own art box onto that grid, with the PDF's y axis (upwards) flipped.
enum AmityIcons {
    static func draw(_ glyph: Glyph, color: Color, _ cr: OpaquePointer) {
        switch glyph {
        case .messageFailed:
            // A 16 × 16 box, drawn as the PDF draws it: the disc with the "!" cut out (even-odd
            // fill) in `color`, then the "!" in white over the hole.
            artBox(cr, scale: 24 / 16, height: 16)
            cairo_arc(cr, 8, 8, 8, 0, 2 * Double.pi)
            cairo_new_sub_path(cr)
            failedMark(cr)
            cairo_set_fill_rule(cr, CAIRO_FILL_RULE_EVEN_ODD)
            cairo_fill(cr)
            failedMark(cr)
            cairo_set_source_rgb(cr, 1, 1, 1)
            cairo_set_fill_rule(cr, CAIRO_FILL_RULE_WINDING)
            cairo_fill(cr)
        case .messageDeleted:
            // 15.5 × 15.5 art, aspect-fit into the icon's 16-pt view: a ring (outer radius 7.75,
            // 1.5 thick) around a bar 8 × 1.75 with rounded ends.
            artBox(cr, scale: 24 / 15.5, height: 15.5)
            cairo_arc(cr, 7.75, 7.75, 7.75, 0, 2 * Double.pi)
            cairo_new_sub_path(cr)
            cairo_arc(cr, 7.75, 7.75, 6.25, 0, 2 * Double.pi)
            cairo_new_sub_path(cr)
            Painter.roundedRect(cr, Rect(x: 3.75, y: 6.875, width: 8, height: 1.75), .all(0.375))
            cairo_set_fill_rule(cr, CAIRO_FILL_RULE_EVEN_ODD)
            cairo_fill(cr)
        case .roundedPlay:
            artBox(cr, scale: 1, height: 24)
            cairo_translate(cr, 0, 2.191406)
            for command in playPath { command.add(to: cr) }
            cairo_fill(cr)
        case .pause:
            artBox(cr, scale: 1, height: 24)
            cairo_translate(cr, 0, 5.25)
            for x in [4.125, 13.125] {
                Painter.roundedRect(cr, Rect(x: x, y: -1.339844, width: 6.75, height: 15.75), .all(1.6875))
            }
            cairo_fill(cr)
        case .imagePlaceholder:
            // 40 × 32 art on the 24-grid square of a 40 × 32 frame's height: 1 unit = 4/3 pt.
            cairo_translate(cr, -3, 0)
            artBox(cr, scale: 0.75, height: 32)
            cairo_translate(cr, 0, -0.265625)
            imagePlaceholder(cr)
            cairo_set_fill_rule(cr, CAIRO_FILL_RULE_EVEN_ODD)
            cairo_fill(cr)
        case .spinner:
            spinner(color, cr)
        default:
            break
        }
    }

    /// Maps art drawn in a box `height` tall, y upwards, onto the grid at `scale`.
    static func artBox(_ cr: OpaquePointer, scale: Double, height: Double) {
        cairo_scale(cr, scale, scale)
        cairo_translate(cr, 0, height)
        cairo_scale(cr, 1, -1)
    }

    /// `icon_message_failed.pdf`: the dot and the bar of the "!".
    static func failedMark(_ cr: OpaquePointer) {
        cairo_arc(cr, 8, 4.903226, 1.032258, 0, 2 * Double.pi)
        cairo_new_sub_path(cr)
        for command in failedBar { command.add(to: cr) }
    }

    /// `default_message_image.pdf`: the frame, the mountains, the sun and the slash.
    static func imagePlaceholder(_ cr: OpaquePointer) {
        for command in placeholderPath { command.add(to: cr) }
    }

    /// `UIActivityIndicatorView` standing still: eight spokes around the centre, the one at twelve
    /// o'clock opaque and each next one clockwise fainter.
    static func spinner(_ color: Color, _ cr: OpaquePointer) {
        cairo_set_line_width(cr, 2.4)
        cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND)
        let alpha = Double(color.alpha) / 255
        for index in 0..<8 {
            let angle = Double(index) * Double.pi / 4 - Double.pi / 2
            let (dx, dy) = (cos(angle), sin(angle))
            cairo_move_to(cr, 12 + dx * 5.4, 12 + dy * 5.4)
            cairo_line_to(cr, 12 + dx * 10.2, 12 + dy * 10.2)
            let fade = index == 0 ? 1 : 0.85 - Double(index - 1) * 0.08
            cairo_set_source_rgba(
                cr, Double(color.red) / 255, Double(color.green) / 255, Double(color.blue) / 255, alpha * fade)
            cairo_stroke(cr)
        }
    }

    /// `icon_message_failed.pdf`: the bar of the "!" (path data, as the kit icons' resources hold it).
    static let failedBar = PathCommand.literal(
        "M 9.234,11.562 L 8.821,7.433 C 8.808,7.305,8.748,7.187,8.653,7.101 C "
            + "8.559,7.015,8.435,6.968,8.307,6.968 L 7.694,6.968 C 7.566,6.968,7.443,7.015,7.348,7.101 C "
            + "7.253,7.187,7.193,7.305,7.181,7.433 L 6.768,11.562 C 6.761,11.633,6.768,11.706,6.791,11.774 C "
            + "6.813,11.842,6.85,11.905,6.898,11.959 C 6.946,12.012,7.005,12.055,7.071,12.084 C "
            + "7.137,12.114,7.208,12.129,7.28,12.129 L 8.72,12.129 C 8.792,12.129,8.863,12.114,8.929,12.085 C "
            + "8.995,12.055,9.054,12.013,9.103,11.959 C 9.151,11.906,9.188,11.843,9.21,11.774 C "
            + "9.233,11.706,9.241,11.633,9.234,11.562 Z")

    /// `default_message_image.pdf`: the frame, the mountains, the sun and the slash.
    static let placeholderPath = PathCommand.literal(
        "M 35.75,5.858 L 39.652,2.837 C 40.028,2.462,40.153,1.837,39.777,1.399 L 39.152,0.649 C "
            + "38.839,0.211,38.152,0.148,37.776,0.461 L 5.573,25.598 L 3.134,27.537 L 0.383,29.725 C "
            + "-0.055,30.038,-0.117,30.663,0.195,31.101 L 0.821,31.914 C 1.196,32.289,1.821,32.414,2.259,32.039 L "
            + "7.074,28.287 L 7.199,28.162 L 8.774,26.93 L 32.749,26.93 C 34.375,26.93,35.751,25.554,35.751,23.928 "
            + "L 35.751,5.919 C 35.751,5.899,35.751,5.878,35.75,5.858 Z M 32.749,8.181 L 32.749,23.553 C "
            + "32.749,23.741,32.562,23.928,32.374,23.928 L 12.61,23.928 L 21.102,17.283 L 23.182,19.363 C "
            + "23.495,19.676,23.933,19.676,24.245,19.363 L 29.748,13.923 L 29.748,10.507 L 29.96,10.341 L "
            + "32.749,8.181 Z M 23.854,8.921 L 17.529,13.711 L 15.741,11.922 L 13.24,14.361 C "
            + "12.927,14.674,12.489,14.674,12.177,14.361 L 9.738,11.922 L 9.738,8.921 L 23.854,8.921 Z M "
            + "13.273,16.934 L 9.411,19.859 C 9.299,19.57,9.238,19.255,9.238,18.926 C "
            + "9.238,17.488,10.301,16.425,11.739,16.425 C 12.316,16.425,12.849,16.611,13.273,16.934 Z M 6.737,6.295 "
            + "L 6.737,21.885 L 3.743,24.151 C 3.738,24.078,3.735,24.003,3.735,23.928 L 3.735,5.919 C "
            + "3.735,4.231,5.048,2.918,6.737,2.918 L 31.78,2.918 L 27.817,5.919 L 7.112,5.919 C "
            + "6.862,5.919,6.737,6.044,6.737,6.295 Z")

    /// `icon_play.pdf`: the rounded triangle.
    static let playPath = PathCommand.literal(
        "M 19.03125,11 L 6.65625,18.3125 C 5.636719,18.910156,4.125,18.3125,4.125,16.871094 L 4.125,2.246094 "
            + "C 4.125,0.910156,5.53125,0.101562,6.65625,0.769531 L 19.03125,8.082031 C "
            + "20.121094,8.75,20.121094,10.332031,19.03125,11 Z")
}
