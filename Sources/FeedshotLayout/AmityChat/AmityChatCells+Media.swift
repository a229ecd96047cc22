/// The kit's image and audio cells (`Cells/Image/`, `Cells/Audio/` at 429fcec), with Feedshot's
/// video drawn in the image cell.
extension ChatLayoutEngine {
    /// The incoming header of an image cell: avatar at (16, 8); the name centred in a 30-pt box at
    /// (68, 8) that spans to W − 40.
    mutating func addImageCellHeader(to canvas: inout CellCanvas, message: ChatMessage) {
        let m = AmityChatMetrics.self
        addAvatar(to: &canvas, userId: message.from, y: m.imageAvatarY)
        addName(
            to: &canvas, userId: message.from,
            frame: Rect(
                x: m.contentX, y: m.imageNameBoxY, width: width - m.contentX - m.imageNameTrailing, height: m.imageNameBoxHeight))
    }

    /// An image cell: the 140 × 140 image at (68, 46) incoming or 16 from the right at y 8
    /// outgoing; while an own image is sending, a black 50 % veil and a white spinner (a video's
    /// play button, Feedshot's, is not drawn under the spinner until it is sent); the failed
    /// button 4 to its left, its bottom 4 above the image's; the time 8 below (outgoing). Returns
    /// the kit's 202 / 180.
    ///
    /// The incoming cell's stacks need 226 pt but the kit's row is 202: the time row, 8 below the
    /// image (194–214), falls past the row's end, where the cell's content view clips it to the
    /// tops of its glyphs. Feedshot does not draw it (docs/conformance/amity.md, "Chat").
    mutating func addImageCell(to canvas: inout CellCanvas, message: ChatMessage, path: String) -> Double {
        let m = AmityChatMetrics.self
        let incoming = isIncoming(message)
        if incoming { addImageCellHeader(to: &canvas, message: message) }
        // The time the kit's row cuts off (Feedshot's own video cell copies the image cell).
        if incoming, message.type == .image { canvas.note(.incomingImageTime) }
        let frame = Rect(
            x: incoming ? m.contentX : m.outgoingTrailing, y: incoming ? m.imageTopIncoming : m.imageTopOutgoing,
            width: m.imageSide, height: m.imageSide)
        let isSending = !incoming && message.state == .syncing
        // While sending, the dim view over the image takes its touches: the image view's tap
        // recognizer gets none (`M/Cells/Image/AmityMessageImageOutgoingTableViewCell.swift:28-30`;
        // `…ImageOutgoingTableViewCell.xib:31-36`).
        addImage(
            to: &canvas, message: message, frame: frame, containerFill: incoming ? theme.background : theme.messageBubbleInverse,
            isCovered: isSending, path: path)
        // A video being sent shows the spinner where its play button would be, not both.
        if message.type == .video, !isSending { addPlayButton(to: &canvas, in: frame) }
        if isSending {
            canvas.add(.status, frame, .box(fill: Color.black.withAlpha(0.5), corners: m.bubbleCorners))
            let spinner = Rect(
                x: (frame.width - m.spinnerSize) / 2, y: (frame.height - m.spinnerSize) / 2, width: m.spinnerSize, height: m.spinnerSize)
            canvas.add(.status, in: frame, at: spinner, .glyph(.spinner, color: .white))
        }
        addFlagBorder(to: &canvas, message: message, around: frame)
        if showsErrorButton(message) {
            addErrorButton(to: &canvas, messageId: message.id, x: frame.maxX + m.errorButtonSpacing, y: m.imageErrorButtonY)
        }
        if !incoming {
            addMetadataRow(
                to: &canvas, message: message, x: m.outgoingTrailing, y: m.imageMetadataYOutgoing,
                maxWidth: width - m.imageNameTrailing - m.outgoingTrailing)
        }
        return m.cellHeight(.image, isIncoming: incoming)
    }

    /// The incoming header of an audio cell: avatar at (16, 8), the name at (68, 8), 0.7 W − 52 wide.
    mutating func addAudioCellHeader(to canvas: inout CellCanvas, message: ChatMessage) {
        let m = AmityChatMetrics.self
        addAvatar(to: &canvas, userId: message.from, y: m.audioAvatarY)
        addName(
            to: &canvas, userId: message.from,
            frame: Rect(x: m.contentX, y: m.audioNameY, width: 0.7 * width - m.contentX + m.avatarX, height: m.nameHeight))
    }

    /// An audio cell: a 136 × 40 bubble at (68, 34) incoming or 16 from the right at y 8
    /// outgoing, inset 8: the play icon (the pause icon while playing) and, right-aligned in 46
    /// pt, "0:00" at rest or the time played; while loading or an own message is sending, a
    /// spinner in the label's place. The failed button to the bubble's left, bottom-aligned; the
    /// time 8 below. A button over the whole bubble plays a sent message in the cell, with no
    /// event (`AmityMessageAudioTableViewCell.swift:80-103`; `…AudioIncomingTableViewCell.xib:83-98`):
    /// Feedshot's own `audioPlayDidTap`. Returns the kit's 112 / 90.
    mutating func addAudioCell(to canvas: inout CellCanvas, message: ChatMessage) -> Double {
        let m = AmityChatMetrics.self
        let incoming = isIncoming(message)
        if incoming { addAudioCellHeader(to: &canvas, message: message) }
        let bubble = Rect(
            x: incoming ? m.contentX : m.outgoingTrailing, y: incoming ? m.audioTopIncoming : m.audioTopOutgoing,
            width: m.audioWidth, height: m.audioHeight)
        let tint = incoming ? theme.base : theme.baseInverse
        canvas.add(.bubble, bubble, .box(fill: incoming ? theme.messageBubbleInverse : theme.messageBubble, corners: m.bubbleCorners))
        let isPlaying = message.audioPlayback == .playing
        canvas.add(
            .audio, in: bubble, at: Rect(x: m.audioInset, y: m.audioInset, width: m.audioIconSize, height: m.audioIconSize),
            .glyph(isPlaying ? .pause : .roundedPlay, color: tint))
        if message.audioPlayback == .loading || (!incoming && message.state == .syncing) {
            let spinner = Rect(
                x: bubble.width - m.audioInset - m.spinnerSize, y: (bubble.height - m.spinnerSize) / 2, width: m.spinnerSize,
                height: m.spinnerSize)
            // UIActivityIndicatorView's grey in the kit's light theme; the bubble's text colour in
            // Feedshot's own dark theme, where grey on the blue bubble is under 2:1 (ContrastTests).
            canvas.add(.status, in: bubble, at: spinner, .glyph(.spinner, color: theme.appearance == .light ? .systemGray : tint))
        } else {
            let seconds = isPlaying ? message.audioElapsed ?? 0 : 0
            // At rest the kit shows "0:00": a kit behaviour where the recording is a second or more.
            if !isPlaying, (message.audioDuration ?? 0) >= 1 { canvas.note(.audioAtRest) }
            let text = label(
                formatting.strings.number(ChatFormatting.elapsed(seconds)), font: typography[.body], color: tint, width: m.audioLabelWidth
            )
            // `textAlignment = .right` (AmityMessageAudioTableViewCell.swift:32) is absolute: in a
            // right-to-left chat the stack mirrors but the time still ends at the label's right
            // edge, the side towards the icon — here its left end, before the layout is mirrored.
            let x = document.layoutDirection == .rightToLeft ? m.audioLabelX : m.audioLabelX + m.audioLabelWidth - text.width
            let frame = Rect(
                x: x, y: m.audioInset + (m.audioIconSize - m.nameHeight) / 2, width: text.width, height: m.nameHeight)
            canvas.add(.audio, in: bubble, at: frame, .text(text.text, lines: text.lines))
        }
        addFlagBorderAndErrorButton(to: &canvas, message: message, bubble: bubble)
        if message.state == .synced { canvas.feedshotAction(.audioPlayDidTap, ["messageId": message.id], bubble) }
        addMetadataRow(
            to: &canvas, message: message, x: bubble.x, y: bubble.maxY + m.audioMetadataGap,
            maxWidth: 0.7 * width - (incoming ? m.contentX - m.avatarX : 0))
        return m.cellHeight(.audio, isIncoming: incoming)
    }
}
