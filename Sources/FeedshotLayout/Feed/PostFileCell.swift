import Foundation

/// The file cell (`File/AmityPostFileTableViewCell.xib`, `Components/DocumentPicker/FileTableView/`):
/// the post's text at (16, 0), 3 lines; 8 below it the file table, whose rows start 12 down: a
/// row of 76 per file — a 64-point box (white, 1-point secondary shade 4 border, radius 4), the
/// type's 40 × 48 icon 12 in, the name (semibold, one line, W − 130 at most) 12 down at x 80 and
/// the size (caption, base shade 1) right under it — at most 5, then "View all files" (body,
/// system blue) in a 36-point footer. A post showing its whole text lists every file.
struct PostFileCell<Measurer: TextMeasuring>: FeedCell {
    var context: FeedContext<Measurer>

    mutating func layout(_ post: Post, _ canvas: inout CellCanvas) -> Double {
        let m = FeedMetrics.self
        let text = postLabel(post.text ?? "", post: post, maxLines: m.maxLinesWithMedia, at: m.margin, 0, &canvas).height
        let shown = post.showsWholeText ? post.files.count : min(post.files.count, m.maxFiles)
        var y = text + m.fileStackSpacing + m.fileTableTop
        for (index, file) in post.files.prefix(shown).enumerated() {
            let box = Rect(x: m.margin, y: y, width: width - 2 * m.margin, height: m.fileBox)
            canvas.add(.file, box, .box(fill: theme.background, stroke: theme.secondaryShade4, corners: .all(4)))
            canvas.add(
                .icon,
                Rect(
                    x: box.x + m.fileIconLeading, y: box.y + (m.fileBox - m.fileIconHeight) / 2, width: m.fileIconWidth,
                    height: m.fileIconHeight),
                .glyph(FileIcon.glyph(forExtension: file.fileExtension), color: theme.base))
            let textX = box.x + m.fileNameX
            let name = label(file.name, .bodyBold, color: theme.base, width: box.width - m.fileNameX - m.fileCloseReserve)
            canvas.add(.text, text: name, at: textX, box.y + m.fileNameTop)
            // A file without a size is 0 bytes to the kit, "Zero KB" (`Components/DocumentPicker/AmityFile.swift:65-66`).
            let bytes = Int64(min(file.size ?? 0, 9e18).rounded(.down))
            let sizeLabel = unboundedLabel(ByteCountFormatting.fileSize(bytes, strings: strings), .caption, color: theme.baseShade1)
            canvas.add(.text, text: sizeLabel, at: textX, box.y + m.fileNameTop + name.height)
            canvas.feedshotAction(
                .fileDidTap, ["postId": post.id, "index": String(index)], Rect(x: 0, y: y, width: width, height: m.fileRow))
            y += m.fileRow
        }
        if shown < post.files.count {
            let more = label(strings(.viewAllFiles), .body, color: KitColors.systemBlue(theme.appearance), width: width - 2 * m.margin)
            let frame = Rect(x: m.margin, y: y, width: width - 2 * m.margin, height: m.viewAllFilesLabel)
            canvas.add(.readMore, text: more, at: frame.x, frame.y + (frame.height - more.height) / 2)
            canvas.action(.postDidtap, ["postId": post.id], frame)
            y += m.viewAllFilesRow
        }
        return y
    }
}
