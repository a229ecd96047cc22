import Foundation

/// Accept and Decline under a pending post, for a reviewer
/// (`Pending Posts/Cell/Pending Posts Action/AmityPendingPostsActionTableViewCell.xib` and `.swift`):
/// a separator 12 below the top (base shade 4), 12 below it two equal 40-point buttons 12 apart —
/// Accept (primary, white title) and Decline (a base shade 3 border, base title), radius 4,
/// semibold — and 12 below them. They act through the SDK: Feedshot's own events.
struct PostPendingActionsCell<Measurer: TextMeasuring>: FeedCell {
    var context: FeedContext<Measurer>

    func layout(_ post: Post, _ canvas: inout CellCanvas) -> Double {
        let m = FeedMetrics.self
        let inner = width - 2 * m.margin
        var y = m.pendingInset
        canvas.add(.icon, Rect(x: m.margin, y: y, width: inner, height: m.separator), .box(fill: theme.baseShade4, corners: .none))
        y += m.separator + m.pendingInset
        let buttonWidth = (inner - m.pendingButtonSpacing) / 2
        let buttons: [(StringKey, Color, Color?, Color, LayoutEvent)] = [
            (.accept, theme.primary, nil, theme.baseInverse, .pendingPostAcceptDidTap),
            (.decline, theme.background, theme.baseShade3, theme.base, .pendingPostDeclineDidTap),
        ]
        for (index, (key, fill, stroke, titleColor, event)) in buttons.enumerated() {
            let frame = Rect(
                x: m.margin + Double(index) * (buttonWidth + m.pendingButtonSpacing), y: y, width: buttonWidth,
                height: m.pendingButtonHeight)
            canvas.add(.bubble, frame, .box(fill: fill, stroke: stroke, corners: .all(4)))
            let title = label(strings(key), .bodyBold, color: titleColor, width: buttonWidth)
            canvas.add(.menuItem, text: title, at: frame.midX - title.width / 2, frame.midY - title.height / 2)
            canvas.feedshotAction(event, ["postId": post.id], frame)
        }
        return y + m.pendingButtonHeight + m.pendingInset
    }
}
