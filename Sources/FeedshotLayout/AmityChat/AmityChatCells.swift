/// The built-in Amity chat cells — the kit's text, image and audio cells, incoming and outgoing,
/// each also in its deleted state — and Feedshot's own video and file cells
/// (docs/conformance/amity.md, "Chat").
extension ChatLayoutEngine {
    /// The kit's cell a message type is drawn with: `deleted` is a deleted text message, a video
    /// Feedshot draws in the image cell, a file in Feedshot's own file cell.
    static func cellKind(of type: ChatMessage.Kind) -> AmityChatMetrics.Cell {
        switch type {
        case .text, .deleted, .custom: .text
        case .image, .video: .image
        case .audio: .audio
        case .file: .file
        }
    }

    mutating func builtInCell(message: ChatMessage, key: String, path: String, top: Double) -> LayoutItem {
        let incoming = isIncoming(message)
        var canvas = CellCanvas(canvasWidth: width, top: top, isMirrored: !incoming)
        let kind = Self.cellKind(of: message.type)
        let height: Double
        if message.isShownDeleted {
            addDeleted(to: &canvas, message: message, kind: kind)
            height = AmityChatMetrics.cellHeight(kind, isIncoming: incoming, isDeleted: true)
        } else {
            switch kind {
            case .text: height = addText(to: &canvas, message: message)
            case .file: height = addFile(to: &canvas, message: message)
            case .image: height = addImageCell(to: &canvas, message: message, path: path)
            case .audio: height = addAudioCell(to: &canvas, message: message)
            }
        }
        var item = canvas.item(id: message.id, type: ItemType(rawValue: key), height: height)
        item.isFeedshotOwn = message.type == .video || message.type == .file
        return item
    }

    /// The frame a text or file cell shares: the incoming header (avatar and name), the bubble's
    /// fill and text colour on its side (the inverse bubble for incoming messages), and the
    /// bubble's origin (sender-side coordinates).
    mutating func addTextCellFrame(to canvas: inout CellCanvas, message: ChatMessage) -> (
        incoming: Bool, fill: Color, color: Color, origin: (x: Double, y: Double)
    ) {
        let m = AmityChatMetrics.self
        let incoming = isIncoming(message)
        if incoming { addTextCellHeader(to: &canvas, message: message) }
        return (
            incoming, incoming ? theme.messageBubbleInverse : theme.messageBubble, incoming ? theme.base : theme.baseInverse,
            (incoming ? m.contentX : m.outgoingTrailing, incoming ? m.textBubbleTopIncoming : m.textBubbleTopOutgoing)
        )
    }

    /// The incoming header of a text or file cell: avatar at (16, 12), name at (68, 16), W − 140 wide.
    mutating func addTextCellHeader(to canvas: inout CellCanvas, message: ChatMessage) {
        let m = AmityChatMetrics.self
        addAvatar(to: &canvas, userId: message.from, y: m.textAvatarY)
        addName(
            to: &canvas, userId: message.from,
            frame: Rect(x: m.contentX, y: m.textNameY, width: width - m.contentX - m.textFarMargin, height: m.nameHeight))
    }

    /// A text cell: the bubble (12 padding) hugging the text measured at `W − 164` / `W − 112`,
    /// collapsed after 8 lines; the failed button beside it; the metadata 4 below; returns the
    /// kit's height, `98 + h` / `64 + h`.
    mutating func addText(to canvas: inout CellCanvas, message: ChatMessage) -> Double {
        let m = AmityChatMetrics.self
        let (incoming, fill, color, origin) = addTextCellFrame(to: &canvas, message: message)
        let (block, links) = measureLabel(
            message.text ?? "", font: typography[.body], color: color, width: m.textWidth(canvasWidth: width, isIncoming: incoming),
            maxLines: m.maxLines, readMoreColor: incoming ? theme.highlight : theme.baseInverse,
            linkColor: incoming ? theme.highlight : .white)
        let bubble = Rect(x: origin.x, y: origin.y, width: block.width + 2 * m.bubblePadding, height: block.height + 2 * m.bubblePadding)
        canvas.add(.bubble, bubble, .box(fill: fill, corners: m.bubbleCorners))
        let label = Rect(x: bubble.x + m.bubblePadding, y: bubble.y + m.bubblePadding, width: block.width, height: block.height)
        // The label's baselineOffset raises the glyphs; its frame (and the tap) stay.
        canvas.add(.text, label.offsetBy(dy: -AmityExpandableLabel.baselineOffsetRatio * typography[.body].size), text: block)
        // Its links before the label's own tap; the cell is drawn mirrored when outgoing, and the
        // whole chat again in a right-to-left document, the text itself neither time.
        canvas.addLinkAndMentionTaps(
            links: links, mentions: [], in: message.text ?? "", block: block, frame: label,
            isMirrored: canvas.isMirrored != LayoutEngine.isMirrored(document), measurer: measurer)
        if block.isTruncated { canvas.action(.didExpandExpandableLabel, ["messageId": message.id], label) }
        addFlagBorderAndErrorButton(to: &canvas, message: message, bubble: bubble)
        addMetadataRow(
            to: &canvas, message: message, x: bubble.x, y: bubble.maxY + m.metadataGap,
            maxWidth: width - m.contentX - m.outgoingTrailing)
        return m.cellHeight(.text, isIncoming: incoming, textHeight: block.height)
    }

    /// Feedshot's own file cell, in the text cell's frame: a bubble 64 tall (at most 260 wide) with
    /// the file's icon as the kit's post file rows pick it by the name's extension (`FileIcon`), the
    /// file name (one line, cut in the middle) and its size; `fileDidTap` (Feedshot's own event).
    mutating func addFile(to canvas: inout CellCanvas, message: ChatMessage) -> Double {
        let m = AmityChatMetrics.self
        let (incoming, fill, color, origin) = addTextCellFrame(to: &canvas, message: message)
        let frame = Rect(
            x: origin.x, y: origin.y, width: min(m.fileMaxWidth, width - m.textFarMargin - origin.x), height: m.fileBubbleHeight)
        canvas.add(.bubble, frame, .box(fill: fill, corners: m.bubbleCorners))
        let icon = FileIcon.glyph(forExtension: PostFile.pathExtension(of: message.file?.name ?? ""))
        canvas.add(.icon, in: frame, at: Rect(x: 12, y: 12, width: 32, height: 40), .glyph(icon, color: color))
        let textX = 12 + 32 + 12.0
        let textWidth = max(0, frame.width - textX - 12)
        // Cut in the middle, as iOS shows file names, so the extension stays.
        let name = TextBlock.middleTruncatedLabel(
            StyledText(message.file?.name ?? "", font: typography[.bodyBold], color: color), width: textWidth, measurer: measurer)
        canvas.add(.text, in: frame, at: Rect(x: textX, y: 12, width: name.width, height: name.height), .text(name.text, lines: name.lines))
        let size = label(
            message.file?.size.map(formatting.fileSize) ?? "", font: typography[.caption],
            color: color.withAlpha(0.8),
            width: textWidth)
        canvas.add(
            .text, in: frame, at: Rect(x: textX, y: frame.height - 12 - size.height, width: size.width, height: size.height),
            .text(size.text, lines: size.lines))
        canvas.action(.fileDidTap, ["messageId": message.id], frame)
        addFlagBorderAndErrorButton(to: &canvas, message: message, bubble: frame)
        addMetadataRow(
            to: &canvas, message: message, x: frame.x, y: frame.maxY + m.metadataGap, maxWidth: width - m.contentX - m.outgoingTrailing)
        return m.cellHeight(.file, isIncoming: incoming)
    }

    /// A deleted message in its type's cell: no bubble; avatar and name (incoming) where the cell
    /// has them, and the metadata row — the deleted icon and "Message deleted • time" — where
    /// the cell's stacks put it once the content is hidden.
    mutating func addDeleted(to canvas: inout CellCanvas, message: ChatMessage, kind: AmityChatMetrics.Cell) {
        let m = AmityChatMetrics.self
        let incoming = isIncoming(message)
        let rowY: Double
        switch (kind, incoming) {
        case (.text, true), (.file, true):
            addTextCellHeader(to: &canvas, message: message)
            rowY = m.deletedTextRowIncoming
        case (.text, false), (.file, false): rowY = m.deletedTextRowOutgoing
        case (.image, true):
            addImageCellHeader(to: &canvas, message: message)
            rowY = m.deletedImageRowIncoming
        case (.image, false): rowY = m.deletedImageRowOutgoing
        case (.audio, true):
            addAudioCellHeader(to: &canvas, message: message)
            rowY = m.deletedAudioRowIncoming
        case (.audio, false): rowY = m.deletedAudioRowOutgoing
        }
        let x = incoming ? m.contentX : m.outgoingTrailing
        addMetadataRow(to: &canvas, message: message, x: x, y: rowY, maxWidth: width - m.contentX - m.outgoingTrailing)
    }
}
