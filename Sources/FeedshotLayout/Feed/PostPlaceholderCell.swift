import Foundation

/// The unknown post's only cell (`PlaceHolder/AmityPostPlaceHolderTableViewCell.xib` and `.swift`):
/// an 8-point clear top, then a white square as wide as the screen (the document's width) with
/// `ic_post_placeholder` (63 × 42), "Something went wrong" (title, base shade 3) 16 below it and
/// "We couldn’t recognize this post." (caption, base shade 3) 4 below that, centred.
struct PostPlaceholderCell<Measurer: TextMeasuring>: FeedCell {
    var context: FeedContext<Measurer>

    func layout(_ post: Post, _ canvas: inout CellCanvas) -> Double {
        let m = FeedMetrics.self
        let container = Rect(x: 0, y: m.postGap, width: width, height: width)
        let title = label(strings(.placeholderTitle), .title, color: theme.baseShade3, width: width)
        let description = label(strings(.placeholderDescription), .caption, color: theme.baseShade3, width: width)
        let stackHeight = m.placeholderIconHeight + m.placeholderIconSpacing + title.height + m.placeholderTextSpacing + description.height
        var y = container.y + (container.height - stackHeight) / 2
        canvas.add(
            .icon,
            Rect(x: container.midX - m.placeholderIconWidth / 2, y: y, width: m.placeholderIconWidth, height: m.placeholderIconHeight),
            .glyph(.postPlaceholder, color: KitColors.postPlaceholderIcon))
        y += m.placeholderIconHeight + m.placeholderIconSpacing
        canvas.add(.text, text: title, at: container.midX - title.width / 2, y)
        y += title.height + m.placeholderTextSpacing
        canvas.add(.text, text: description, at: container.midX - description.width / 2, y)
        // A tap is the table's row selection (`PostRowSelection`).
        return container.maxY
    }
}
