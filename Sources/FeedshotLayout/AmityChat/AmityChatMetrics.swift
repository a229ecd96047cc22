/// Amity UIKit v3's chat geometry, in points, from the cells' xibs and height functions
/// (`Modules/Chat/Message/` at 429fcec; docs/conformance/amity.md, "Chat"). W is the table width;
/// x is measured from the edge the cell hugs (the left for incoming messages, the right for
/// outgoing ones, which the canvas mirrors).
enum AmityChatMetrics {
    // MARK: The list

    /// `heightForHeaderInSection`.
    static let dateHeaderHeight = 35.0
    /// The date pill, centred in the header: 25 tall, the label inset 12 left and right.
    static let datePillHeight = 25.0
    static let datePillPadding = 12.0
    /// Feedshot's own typing indicator (the kit has none).
    static let typingHeight = 32.0

    // MARK: Every cell

    static let avatarSize = 40.0
    static let avatarX = 16.0
    /// Where incoming content starts: the avatar's trailing edge + 12.
    static let contentX = 68.0
    /// Outgoing content's distance from the right edge.
    static let outgoingTrailing = 16.0
    static let bubbleRadius = 4.0
    /// Bubble corners in sender-side coordinates: radius 4, the top corner toward the sender
    /// square (mirrored for outgoing cells): `setRoundCorner(isOwner:)`.
    static let bubbleCorners = CornerRadii(topLeft: 0, topRight: bubbleRadius, bottomRight: bubbleRadius, bottomLeft: bubbleRadius)
    /// The body label's height (15-pt system font, pixel-ceiled line height).
    static let nameHeight = 18.0
    /// The caption label's height in the metadata row.
    static let metadataHeight = 16.0
    /// The failed-message button's glyph.
    static let statusIconSize = 16.0
    /// The deleted icon before the metadata label: no size constraint in the xib, so the image's
    /// own size, `icon_delete_message.pdf`'s MediaBox (the xib's 16 × 16 is Interface Builder's
    /// rounded placeholder), centred in the row by the stack; and the stack's spacing.
    static let deletedIconSize = 15.5
    static let statusIconSpacing = 4.0
    /// The failed-message button and its distance from the content.
    static let errorButtonSize = 25.0
    static let errorButtonSpacing = 4.0
    /// The kit's message row height when deleted, before the incoming name's 22.
    static let deletedHeight = 52.0
    static let incomingNameAllowance = 22.0

    // MARK: Text (`Cells/Text/AmityMessageText{Incoming,Outgoing}TableViewCell.xib`)

    static let textAvatarY = 12.0
    static let textNameY = 16.0
    /// The name's and the bubble's trailing margin, incoming; the bubble's leading margin, outgoing.
    static let textFarMargin = 72.0
    /// Name bottom + 8.
    static let textBubbleTopIncoming = 42.0
    static let textBubbleTopOutgoing = 8.0
    static let bubblePadding = 12.0
    /// `AmityExpandableLabel` collapses after 8 lines.
    static let maxLines = 8
    static let metadataGap = 4.0
    /// Rows of a deleted text message: incoming at name bottom + 8 + 4; outgoing a 28-pt box
    /// from y 12 with the row centred in it.
    static let deletedTextRowIncoming = 46.0
    static let deletedTextRowOutgoing = 18.0

    // MARK: Image (`Cells/Image/AmityMessageImage{Incoming,Outgoing}TableViewCell.xib`)

    static let imageAvatarY = 8.0
    /// The name's 30-pt box at y 8, the name centred in it; the box spans to W − 40.
    static let imageNameBoxY = 8.0
    static let imageNameBoxHeight = 30.0
    static let imageNameTrailing = 40.0
    static let imageSide = 140.0
    /// Name box bottom + 8.
    static let imageTopIncoming = 46.0
    static let imageTopOutgoing = 8.0
    /// Image bottom + 8: the outgoing metadata box, compressed from 16 to 12 by the 180-pt row,
    /// with the label centred on it (156–168, so the line at 154).
    static let imageMetadataYOutgoing = 154.0
    /// The failed button: 4 left of the image, its bottom 4 above the image's.
    static let imageErrorButtonY = 119.0
    /// The spinner over a sending image.
    static let spinnerSize = 20.0
    /// Rows of a deleted image message: incoming the 20-pt box at y 46, the row centred (48);
    /// outgoing at y 8.
    static let deletedImageRowIncoming = 48.0
    static let deletedImageRowOutgoing = 8.0

    // MARK: Audio (`Cells/Audio/AmityMessageAudio{Incoming,Outgoing}TableViewCell.xib`)

    static let audioAvatarY = 8.0
    static let audioNameY = 8.0
    /// The bubble: a 120-wide stack inset 8 on every side.
    static let audioWidth = 136.0
    static let audioHeight = 40.0
    static let audioInset = 8.0
    static let audioIconSize = 24.0
    /// The duration label: 46 wide after the icon and the stack's spacing of 50, right-aligned.
    static let audioLabelX = 82.0
    static let audioLabelWidth = 46.0
    /// Name bottom + 8.
    static let audioTopIncoming = 34.0
    static let audioTopOutgoing = 8.0
    /// Content bottom + 8 (the stack's spacing).
    static let audioMetadataGap = 8.0
    /// Rows of a deleted audio message: incoming at name bottom + 8; outgoing at y 8.
    static let deletedAudioRowIncoming = 34.0
    static let deletedAudioRowOutgoing = 8.0

    // MARK: Feedshot's own file cell

    /// The file cell uses the text cell's frame with a 64-pt bubble (40 inside the padding).
    static let fileBubbleHeight = 64.0
    static let fileMaxWidth = 260.0

    // MARK: Heights

    /// The kinds of cell the kit has (and Feedshot's own file cell).
    enum Cell: Sendable {
        case text, image, audio, file
    }

    /// `W − 164` incoming, `W − 112` outgoing.
    static func textWidth(canvasWidth: Double, isIncoming: Bool) -> Double {
        canvasWidth - (isIncoming ? 164 : 112)
    }

    /// The kit's `height(for:boundingWidth:)`: text `98 + h` / `64 + h`; image 202 / 180; audio
    /// 112 / 90; deleted 74 / 52. The file cell is a text cell 40 tall inside.
    static func cellHeight(_ cell: Cell, isIncoming: Bool, isDeleted: Bool = false, textHeight: Double = 0) -> Double {
        let name = isIncoming ? incomingNameAllowance : 0
        if isDeleted { return deletedHeight + name }
        switch cell {
        case .text: return (isIncoming ? 98 : 64) + textHeight
        case .file: return (isIncoming ? 98 : 64) + fileBubbleHeight - 2 * bubblePadding
        case .image: return 180 + name
        case .audio: return 90 + name
        }
    }
}
