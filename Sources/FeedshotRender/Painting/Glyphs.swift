import CPangoCairo
import FeedshotLayout
import Foundation

/// The kits' small icons as Cairo paths, drawn to fill a frame (designed on a 24 × 24 grid).
enum Glyphs {
    static func draw(_ glyph: Glyph, in frame: Rect, color: Color, _ cr: OpaquePointer) {
        // The Amity kit's own icons keep their aspect and colours (Glyphs+Kit.swift).
        if Glyphs.drawKitIcon(glyph, in: frame, color: color, cr) { return }
        cairo_save(cr)
        defer { cairo_restore(cr) }
        Painter.setColor(cr, color)
        let side = min(frame.width, frame.height)
        cairo_translate(cr, frame.midX - side / 2, frame.midY - side / 2)
        cairo_scale(cr, side / 24, side / 24)
        switch glyph {
        case .person:
            // Head and shoulders, cut by the avatar circle's frame, as one path (a clip would make
            // Cairo composite through a mask: a third of the time of drawing a chat's shapes).
            cairo_arc(cr, 12, 9.5, 4.5, 0, 2 * Double.pi)
            cairo_new_sub_path(cr)
            Glyphs.shoulders(cr)
            cairo_fill(cr)
        case .photo:
            cairo_set_line_width(cr, 1.5)
            Painter.roundedRect(cr, Rect(x: 3, y: 5, width: 18, height: 14), .all(2))
            cairo_stroke(cr)
            Glyphs.polygon(cr, [(5, 17), (10, 11), (13, 14.5), (15.5, 12), (19, 17)])
            cairo_fill(cr)
            cairo_arc(cr, 16, 8.5, 1.5, 0, 2 * Double.pi)
            cairo_fill(cr)
        case .play:
            Glyphs.polygon(cr, [(8.5, 6), (18.5, 12), (8.5, 18)])
            cairo_fill(cr)
        case .document:
            // A page with a folded corner, on a 24-wide grid stretched to the frame's aspect.
            Glyphs.polygon(cr, [(5, 2), (14, 2), (20, 8), (20, 22), (5, 22)])
            cairo_set_line_width(cr, 1.5)
            cairo_stroke(cr)
            Glyphs.polygon(cr, [(14, 2), (14, 8), (20, 8)], closed: false)
            cairo_stroke(cr)
            for y in [12.0, 15.5, 19.0] {
                cairo_move_to(cr, 8, y)
                cairo_line_to(cr, 17, y)
            }
            cairo_set_line_width(cr, 1.2)
            cairo_stroke(cr)
        case .pin:
            cairo_move_to(cr, 12, 22)
            cairo_curve_to(cr, 7, 15.5, 5, 12.5, 5, 9)
            cairo_arc(cr, 12, 9, 7, Double.pi, 2 * Double.pi)
            cairo_curve_to(cr, 19, 12.5, 17, 15.5, 12, 22)
            cairo_close_path(cr)
            cairo_fill(cr)
            cairo_set_source_rgb(cr, 1, 1, 1)
            cairo_arc(cr, 12, 9, 2.6, 0, 2 * Double.pi)
            cairo_fill(cr)
        case .messageFailed, .messageDeleted, .roundedPlay, .pause, .imagePlaceholder, .spinner:
            AmityIcons.draw(glyph, color: color, cr)
        case .playCircle:
            // MessageKit's `play` image (28 × 28 pt, `Sources/Assets.xcassets/Images/play.imageset`):
            // a ring 1 pt wide inside the edge, a triangle (10, 7.6)–(20.4, 14)–(10, 20.4).
            cairo_scale(cr, 24.0 / 28, 24.0 / 28)
            cairo_set_line_width(cr, 1)
            cairo_arc(cr, 14, 14, 13.5, 0, 2 * Double.pi)
            cairo_stroke(cr)
            Glyphs.polygon(cr, [(10, 7.6), (20.4, 14), (10, 20.4)])
            cairo_fill(cr)
        case .playTriangle:
            // `PlayButtonView.triangleMask`: (0, 0), (width, height / 2), (0, height).
            Glyphs.polygon(cr, [(0, 0), (24, 12), (0, 24)])
            cairo_fill(cr)
        case .officialBadge, .moderatorBadge, .bannedBadge, .optionDots, .likeOutline, .likeFill, .likeBadge, .commentOutline,
            .shareOutline, .playFill, .playLiveStream, .liveStreamPlaceholder, .postPlaceholder, .radioOn, .radioOff, .radioCheck,
            .activityIndicator, .linkPreviewImage, .linkPreviewBroken, .fileAudio, .fileAvi, .fileCsv, .fileDefault, .fileDoc, .fileHtml,
            .fileImg,
            .fileMov, .fileMp3, .fileMp4, .fileMpeg, .filePdf, .filePpt, .fileTxt, .fileXls, .fileZip, .reply, .replies:
            break  // drawn by drawKitIcon
        }
    }

    /// A path through `points` (in order, from a new point), closed back to the first unless
    /// `closed` is false: a glyph's triangles, pages and mountains.
    static func polygon(_ cr: OpaquePointer, _ points: [(Double, Double)], closed: Bool = true) {
        guard let first = points.first else { return }
        cairo_move_to(cr, first.0, first.1)
        for (x, y) in points.dropFirst() { cairo_line_to(cr, x, y) }
        if closed { cairo_close_path(cr) }
    }

    /// The avatar silhouette's shoulders: a disc of radius 8.5 centred at (12, 23.5) cut by the
    /// avatar circle (radius 12, centred at (12, 12)) — the disc's arc between the points where the
    /// circles cross, then the avatar circle's arc round its bottom, so the body reaches the
    /// circle's edge.
    static func shoulders(_ cr: OpaquePointer) {
        let avatar = (x: 12.0, y: 12.0, r: 12.0), disc = (x: 12.0, y: 23.5, r: 8.5)
        // Where the circles cross (on the vertical axis they share): height and half-width.
        let crossY = (avatar.r * avatar.r - disc.r * disc.r + disc.y * disc.y - avatar.y * avatar.y) / (2 * (disc.y - avatar.y))
        let crossX = (avatar.r * avatar.r - (crossY - avatar.y) * (crossY - avatar.y)).squareRoot()
        let discAngle = atan2(crossY - disc.y, crossX)  // negative: above the disc's centre
        let crossAngle = atan2(crossY - avatar.y, crossX)
        // The disc's top between the crossings, then the avatar circle's own edge all the way
        // round its bottom: the body fills the circle to its edge, leaving no crescent below it.
        cairo_arc(cr, disc.x, disc.y, disc.r, Double.pi - discAngle, 2 * Double.pi + discAngle)
        cairo_arc(cr, avatar.x, avatar.y, avatar.r, crossAngle, Double.pi - crossAngle)
        cairo_close_path(cr)
    }
}
