/// The typing indicator: the last section, `typingIndicatorViewSize(for:)` big, holding a
/// `TypingIndicatorCell` whose `TypingBubble` fills it below a 15-pt top inset.
extension MessageKitLayoutEngine {
    /// `TypingBubble.layoutSubviews` for a bubble view of `size`, in its own coordinates: the
    /// tiny circle, the corner circle, the content capsule, and the three dots of its
    /// `TypingIndicator` (a stack view: `fillEqually`, spacing 5, each dot as tall as wide, centred).
    static func typingBubble(_ size: Size) -> (tiny: Rect, corner: Rect, content: Rect, dots: [Rect]) {
        let (w, h) = (size.width, size.height)
        let extraRightInset = w - 1.65 / (w / h) * w
        let tiny = h / 6
        let offset = tiny / 6
        let cornerSide = tiny * 2
        let corner = Rect(x: tiny - offset, y: h - 1.5 * cornerSide + offset, width: cornerSide, height: cornerSide)
        let content = Rect(x: tiny + offset, y: 0, width: w - (tiny + offset) - extraRightInset, height: h - (tiny + offset))
        let radius = content.height / 2
        let indicator = Rect(
            x: content.x + radius / 1.25, y: content.y + offset, width: content.width - 2 * radius / 1.25,
            height: content.height - 2 * offset)
        let dot = (indicator.width - 2 * 5) / 3
        let dots = (0..<3).map { i in
            Rect(x: indicator.x + Double(i) * (dot + 5), y: indicator.midY - dot / 2, width: dot, height: dot)
        }
        return (Rect(x: 0, y: h - tiny, width: tiny, height: tiny), corner, content, dots)
    }

    /// The typing indicator's section. A cell narrower than the item width sits in the middle of
    /// its line, as `UICollectionViewFlowLayout` places a line's only item.
    func typingIndicator(top: Double) -> LayoutItem {
        let cellWidth = settings.typingIndicatorWidth ?? itemWidth
        let height = settings.typingIndicatorHeight
        let x0 = settings.sectionInset.left + (cellWidth < itemWidth ? (itemWidth - cellWidth) / 2 : 0)
        var canvas = CellCanvas(canvasWidth: width, top: top, isMirrored: false)
        let inset = 15.0
        let bubble = MessageKitLayoutEngine.typingBubble(Size(width: cellWidth, height: max(0, height - inset)))
        func place(_ r: Rect) -> Rect { r.offsetBy(dx: x0, dy: inset) }
        // The three bubble views share `incomingMessageBackground`; the dots are `typingIndicatorDot`.
        for circle in [bubble.tiny, bubble.corner, bubble.content] {
            canvas.add(
                .typingIndicator, place(circle), .box(fill: palette.incomingBubble, corners: .all(min(circle.width, circle.height) / 2)))
        }
        for dot in bubble.dots {
            canvas.add(.typingIndicator, place(dot), .box(fill: palette.typingDot, corners: .all(dot.height / 2)))
        }
        return LayoutItem(
            id: LayoutItem.typingID, type: .typingIndicator, frame: Rect(x: x0, y: top, width: cellWidth, height: height),
            elements: canvas.elements,
            actions: [])
    }
}
