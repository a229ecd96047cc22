import CPangoCairo
import FeedshotLayout
import Foundation

extension Glyphs {
    /// Draws the Amity kit's own icons stretched to their frame (the layout gives each its
    /// asset's size or aspect); false for the other glyphs.
    static func drawKitIcon(_ glyph: Glyph, in frame: Rect, color: Color, _ cr: OpaquePointer) -> Bool {
        if glyph == .liveStreamPlaceholder {
            // An image view's aspect fill: the illustration covers the frame, clipped to it.
            let icon = KitIcon.liveStreamPlaceholder
            let scale = max(frame.width / icon.width, frame.height / icon.height)
            let w = icon.width * scale, h = icon.height * scale
            cairo_save(cr)
            cairo_rectangle(cr, frame.x, frame.y, frame.width, frame.height)
            cairo_clip(cr)
            icon.draw(in: Rect(x: frame.midX - w / 2, y: frame.midY - h / 2, width: w, height: h), tint: color, cr)
            cairo_restore(cr)
            return true
        }
        if let icon = kitIcon(glyph) {
            icon.draw(in: frame, tint: color, cr)
            return true
        }
        if let file = fileIcon(glyph) {
            KitIcon.filePage.draw(in: frame, tint: color, cr)
            file.draw(in: frame, tint: color, cr)
            return true
        }
        switch glyph {
        case .playFill: playFill(in: frame, color: color, cr)
        case .activityIndicator: activityIndicator(in: frame, color: color, cr)
        case .linkPreviewImage: linkPreviewPlaceholder(in: frame, isBroken: false, cr)
        case .linkPreviewBroken: linkPreviewPlaceholder(in: frame, isBroken: true, cr)
        default: return false
        }
        return true
    }

    /// Whether `glyph` is one of the kit's own icons (`drawKitIcon` draws it).
    static func isKitIcon(_ glyph: Glyph) -> Bool {
        kitIcon(glyph) != nil || fileIcon(glyph) != nil
            || [.liveStreamPlaceholder, .playFill, .activityIndicator, .linkPreviewImage, .linkPreviewBroken].contains(glyph)
    }

    static func kitIcon(_ glyph: Glyph) -> KitIcon? {
        switch glyph {
        case .officialBadge: KitIcon.officialBadge
        case .moderatorBadge: KitIcon.moderatorBadge
        case .bannedBadge: KitIcon.bannedBadge
        case .optionDots: KitIcon.option
        case .likeOutline: KitIcon.likeOutline
        case .likeFill: KitIcon.likeFill
        case .likeBadge: KitIcon.likeBadge
        case .commentOutline: KitIcon.comment
        case .shareOutline: KitIcon.share
        case .playLiveStream: KitIcon.playLiveStream
        case .liveStreamPlaceholder: KitIcon.liveStreamPlaceholder
        case .postPlaceholder: KitIcon.postPlaceholder
        case .radioOn: KitIcon.radioOn
        case .radioOff: KitIcon.radioOff
        case .radioCheck: KitIcon.radioCheck
        case .reply: KitIcon.reply
        case .replies: KitIcon.replies
        default: nil
        }
    }

    static func fileIcon(_ glyph: Glyph) -> KitIcon? {
        switch glyph {
        case .fileAudio: KitIcon.fileAudio
        case .fileAvi: KitIcon.fileAvi
        case .fileCsv: KitIcon.fileCsv
        case .fileDefault: KitIcon.fileDefault
        case .fileDoc: KitIcon.fileDoc
        case .fileHtml: KitIcon.fileHtml
        case .fileImg: KitIcon.fileImg
        case .fileMov: KitIcon.fileMov
        case .fileMp3: KitIcon.fileMp3
        case .fileMp4: KitIcon.fileMp4
        case .fileMpeg: KitIcon.fileMpeg
        case .filePdf: KitIcon.filePdf
        case .filePpt: KitIcon.filePpt
        case .fileTxt: KitIcon.fileTxt
        case .fileXls: KitIcon.fileXls
        case .fileZip: KitIcon.fileZip
        default: nil
        }
    }

    /// SF Symbols' `play.fill` in a square frame (scale aspect fit): a triangle with rounded
    /// corners, 0.88 as wide as tall, its visual centre on the frame's.
    static func playFill(in frame: Rect, color: Color, _ cr: OpaquePointer) {
        let h = min(frame.height, frame.width / 0.88) * 0.92
        let w = h * 0.88
        let left = frame.midX - w / 2 + w * 0.04, top = frame.midY - h / 2
        let r = h * 0.08
        cairo_save(cr)
        defer { cairo_restore(cr) }
        Painter.setColor(cr, color)
        cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND)
        cairo_set_line_width(cr, 2 * r)
        Glyphs.polygon(cr, [(left + r, top + r * 1.2), (left + w - r, frame.midY), (left + r, top + h - r * 1.2)])
        cairo_fill_preserve(cr)
        cairo_stroke(cr)
    }

    /// `empty_preview_link_image` (228.67 × 114.67: a picture mark) and
    /// `empty_preview_link_broken_image` (343 × 172: a warning triangle), #EBECEF with the mark
    /// in #A5A9B5, aspect-filled into the frame as the kit's image view shows them, under the
    /// link-preview card's rounded top corners.
    static func linkPreviewPlaceholder(in frame: Rect, isBroken: Bool, _ cr: OpaquePointer) {
        let size = isBroken ? (w: 343.0, h: 172.0) : (w: 228.67, h: 114.67)
        let scale = max(frame.width / size.w, frame.height / size.h)
        cairo_save(cr)
        defer { cairo_restore(cr) }
        // Clipped by the card (radius 6, inside its 0.5 border): the image's top corners are round.
        Painter.roundedRect(cr, frame, CornerRadii(topLeft: 5.5, topRight: 5.5, bottomRight: 0, bottomLeft: 0))
        cairo_clip(cr)
        Painter.setColor(cr, KitIcon.color(0xEBECEF))
        cairo_paint(cr)
        cairo_translate(cr, frame.midX - size.w * scale / 2, frame.midY - size.h * scale / 2)
        cairo_scale(cr, scale, scale)
        Painter.setColor(cr, KitIcon.color(0xA5A9B5))
        cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND)
        if isBroken {
            // A rounded warning triangle (151.7…192 × 68.3…104.3) with an exclamation mark.
            cairo_set_line_width(cr, 2.6)
            Glyphs.polygon(cr, [(171.8, 70), (190.5, 102.6), (153.2, 102.6)])
            cairo_stroke(cr)
            cairo_rectangle(cr, 170.5, 81, 2.6, 11)
            cairo_fill(cr)
            cairo_arc(cr, 171.8, 96.5, 1.8, 0, 2 * Double.pi)
            cairo_fill(cr)
        } else {
            // A framed picture (102.7…126.3 × 48.7…66.3): a mountain and a sun.
            cairo_set_line_width(cr, 1.6)
            Painter.roundedRect(cr, Rect(x: 103.5, y: 49.5, width: 22, height: 16), .all(1.5))
            cairo_stroke(cr)
            Glyphs.polygon(cr, [(106, 63.5), (112, 56.5), (116, 60.5), (119, 58), (123.5, 63.5)])
            cairo_fill(cr)
            cairo_arc(cr, 108.5, 54.5, 1.8, 0, 2 * Double.pi)
            cairo_fill(cr)
        }
    }

    /// `UIActivityIndicatorView` in its gray style at rest: twelve rounded spokes around the centre,
    /// the top one darkest, each next one (clockwise) fainter.
    static func activityIndicator(in frame: Rect, color: Color, _ cr: OpaquePointer) {
        let side = min(frame.width, frame.height)
        cairo_save(cr)
        defer { cairo_restore(cr) }
        cairo_translate(cr, frame.midX, frame.midY)
        cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND)
        cairo_set_line_width(cr, side * 0.09)
        for spoke in 0..<12 {
            let angle = Double(spoke) * Double.pi / 6 - Double.pi / 2
            let alpha = 1 - Double(spoke) * 0.07
            Painter.setColor(cr, color.withAlpha(alpha))
            cairo_move_to(cr, cos(angle) * side * 0.24, sin(angle) * side * 0.24)
            cairo_line_to(cr, cos(angle) * side * 0.45, sin(angle) * side * 0.45)
            cairo_stroke(cr)
        }
    }
}
