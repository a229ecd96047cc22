/// Amity UIKit v3's chat cell geometry (docs/conformance/amity.md), in points. W is the table width.
///
/// Incoming cells: avatar 40 at (16, 12), the name from x = 68 at y = 12 (18 tall), the content
/// 8 below the name, the metadata row 4 below the content. Outgoing cells: content from y = 8,
/// bubble leading 72 and trailing 16. The heights these give are the kit's:
/// text `98 + h` / `64 + h`, image 202 / 180, audio 112 / 90, deleted 74 / 52.
enum AmityChatMetrics {
    static let avatarSize = 40.0
    static let avatarX = 16.0
    static let avatarY = 12.0
    static let avatarSpacing = 12.0
    /// Where incoming content starts: 16 + 40 + 12.
    static let incomingLeading = avatarX + avatarSize + avatarSpacing
    static let incomingTrailing = 72.0
    static let outgoingLeading = 72.0
    static let outgoingTrailing = 16.0
    static let nameY = 12.0
    static let nameHeight = 18.0
    static let nameToContent = 8.0
    /// 12 + 18 + 8 = 38.
    static let incomingContentTop = nameY + nameHeight + nameToContent
    static let outgoingContentTop = 8.0
    static let bubblePadding = 12.0
    static let bubbleRadius = 4.0
    /// Bubble corners in sender-side coordinates: radius 4, the top corner toward the sender square
    /// (mirrored for outgoing cells).
    static let bubbleCorners = CornerRadii(topLeft: 0, topRight: bubbleRadius, bottomRight: bubbleRadius, bottomLeft: bubbleRadius)
    static let metadataGap = 4.0
    static let metadataHeight = 16.0
    static let imageSide = 140.0
    static let audioHeight = 50.0
    static let audioWidth = 160.0
    static let fileHeight = 64.0
    static let fileMaxWidth = 260.0
    static let deletedHeight = 32.0
    static let maxLines = 8

    static let dateHeaderHeight = 41.0
    static let datePillHeight = 25.0
    static let datePillPadding = 12.0
    static let typingHeight = 32.0

    /// The content kinds of the built-in cells.
    enum Content: Sendable {
        case text, image, audio, file, deleted
    }

    /// The space below the content of a built-in cell: the metadata row (if any) and the bottom margin.
    static func bottom(_ content: Content, isIncoming: Bool) -> Double {
        let metadata = content == .deleted ? 0 : metadataGap + metadataHeight
        let margin: Double
        switch (content, isIncoming) {
        case (.text, true): margin = 16
        case (_, true): margin = 4
        case (_, false): margin = 12
        }
        return metadata + margin
    }

    /// The top of a built-in cell's content.
    static func contentTop(isIncoming: Bool) -> Double {
        isIncoming ? incomingContentTop : outgoingContentTop
    }

    /// The width text is measured at: `W − 164` incoming, `W − 112` outgoing.
    static func textWidth(canvasWidth: Double, isIncoming: Bool) -> Double {
        let margins = isIncoming ? incomingLeading + incomingTrailing : outgoingLeading + outgoingTrailing
        return canvasWidth - margins - 2 * bubblePadding
    }

    /// The height of the content block of a built-in cell (the bubble, or the image).
    static func contentHeight(_ content: Content, textHeight: Double) -> Double {
        switch content {
        case .text: textHeight + 2 * bubblePadding
        case .image: imageSide
        case .audio: audioHeight
        case .file: fileHeight
        case .deleted: deletedHeight
        }
    }

    /// A built-in cell's height: `contentTop + content + bottom`.
    static func cellHeight(_ content: Content, isIncoming: Bool, textHeight: Double = 0) -> Double {
        contentTop(isIncoming: isIncoming) + contentHeight(content, textHeight: textHeight) + bottom(content, isIncoming: isIncoming)
    }
}
