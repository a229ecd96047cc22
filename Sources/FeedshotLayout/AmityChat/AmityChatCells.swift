/// The built-in Amity chat cells: text, image, video, audio, file and deleted, incoming and outgoing.
extension ChatLayoutEngine {
    mutating func builtInCell(message: ChatMessage, key: String, path: String, top: Double) -> LayoutItem {
        let m = AmityChatMetrics.self
        let incoming = isIncoming(message)
        var canvas = CellCanvas(canvasWidth: width, top: top, isMirrored: !incoming)
        // Sender-side coordinates: x from the edge the cell hugs.
        let leading = incoming ? m.incomingLeading : m.outgoingTrailing
        let trailing = incoming ? m.incomingTrailing : m.outgoingLeading
        let maxWidth = width - leading - trailing
        let contentTop = m.contentTop(isIncoming: incoming)
        if incoming {
            addAvatar(to: &canvas, userId: message.from, frame: Rect(x: m.avatarX, y: m.avatarY, width: m.avatarSize, height: m.avatarSize))
            addName(to: &canvas, userId: message.from, frame: Rect(x: leading, y: m.nameY, width: maxWidth, height: m.nameHeight))
        }
        let bubbleFill = incoming ? theme.messageBubbleInverse : theme.messageBubble
        let onBubble = incoming ? theme.base : theme.baseInverse

        let content: AmityChatMetrics.Content
        var textHeight = 0.0
        var contentWidth = 0.0
        switch message.type {
        case .text, .custom:
            content = .text
            let text = message.text ?? ""
            let block = measure(
                text, font: AmityFont.body.spec, color: onBubble, width: m.textWidth(canvasWidth: width, isIncoming: incoming),
                maxLines: m.maxLines, onFill: bubbleFill)
            textHeight = block.height
            contentWidth = block.width + 2 * m.bubblePadding
            let bubble = Rect(x: leading, y: contentTop, width: contentWidth, height: textHeight + 2 * m.bubblePadding)
            canvas.add(.bubble, bubble, .box(fill: bubbleFill, corners: AmityChatMetrics.bubbleCorners))
            let textFrame = Rect(x: bubble.x + m.bubblePadding, y: bubble.y + m.bubblePadding, width: block.width, height: block.height)
            addText(to: &canvas, block, frame: textFrame, messageId: message.id)
        case .image, .video:
            content = .image
            contentWidth = m.imageSide
            let frame = Rect(x: leading, y: contentTop, width: m.imageSide, height: m.imageSide)
            addImage(to: &canvas, ref: message.image?.src ?? "", frame: frame, radius: m.bubbleRadius, path: path, messageId: message.id)
            if message.type == .video { addPlayButton(to: &canvas, in: frame) }
        case .audio:
            content = .audio
            contentWidth = m.audioWidth
            addAudio(
                to: &canvas, message: message, frame: Rect(x: leading, y: contentTop, width: m.audioWidth, height: m.audioHeight),
                fill: bubbleFill, color: onBubble)
        case .file:
            content = .file
            contentWidth = min(m.fileMaxWidth, maxWidth)
            addFile(
                to: &canvas, message: message, frame: Rect(x: leading, y: contentTop, width: contentWidth, height: m.fileHeight),
                fill: bubbleFill, color: onBubble)
        case .deleted:
            content = .deleted
            contentWidth = addDeleted(to: &canvas, frame: Rect(x: leading, y: contentTop, width: maxWidth, height: m.deletedHeight))
        }
        let contentBottom = contentTop + m.contentHeight(content, textHeight: textHeight)
        if content != .deleted {
            addMetadata(to: &canvas, message: message, x: leading, y: contentBottom + m.metadataGap, maxWidth: maxWidth)
        }
        return canvas.item(id: message.id, type: key, height: m.cellHeight(content, isIncoming: incoming, textHeight: textHeight))
    }

    /// A translucent circle with a play triangle in the middle of `frame` (video messages).
    func addPlayButton(to canvas: inout CellCanvas, in frame: Rect) {
        let side = 40.0
        let inner = Rect(x: (frame.width - side) / 2, y: (frame.height - side) / 2, width: side, height: side)
        canvas.add(.icon, in: frame, at: inner, .box(fill: Color.black.withAlpha(0.5), corners: .all(side / 2)))
        canvas.add(.icon, in: frame, at: inner, .glyph(.play, color: .white))
    }

    /// Play button, a progress track and the duration ("0:07").
    mutating func addAudio(to canvas: inout CellCanvas, message: ChatMessage, frame: Rect, fill: Color, color: Color) {
        canvas.add(.bubble, frame, .box(fill: fill, corners: AmityChatMetrics.bubbleCorners))
        canvas.add(.icon, in: frame, at: Rect(x: 12, y: 13, width: 24, height: 24), .glyph(.play, color: color))
        let duration = label(ChatFormatting.duration(message.audioDuration ?? 0), font: AmityFont.caption.spec, color: color, width: 60)
        let durationX = frame.width - 12 - duration.width
        canvas.add(
            .text, in: frame,
            at: Rect(x: durationX, y: (frame.height - duration.height) / 2, width: duration.width, height: duration.height),
            .text(duration.text, lines: duration.lines))
        let trackX = 12 + 24 + 8.0
        canvas.add(
            .audio, in: frame, at: Rect(x: trackX, y: frame.height / 2 - 1, width: max(0, durationX - 8 - trackX), height: 2),
            .box(fill: color.withAlpha(0.5), corners: .all(1)))
    }

    /// A document icon, the file name (one line) and its size.
    mutating func addFile(to canvas: inout CellCanvas, message: ChatMessage, frame: Rect, fill: Color, color: Color) {
        canvas.add(.bubble, frame, .box(fill: fill, corners: AmityChatMetrics.bubbleCorners))
        canvas.add(.icon, in: frame, at: Rect(x: 12, y: 12, width: 32, height: 40), .glyph(.document, color: color))
        let textX = 12 + 32 + 12.0
        let textWidth = max(0, frame.width - textX - 12)
        let name = label(message.file?.name ?? "", font: AmityFont.bodyBold.spec, color: color, width: textWidth)
        canvas.add(.text, in: frame, at: Rect(x: textX, y: 12, width: name.width, height: name.height), .text(name.text, lines: name.lines))
        let sizeText = message.file?.size.map(ChatFormatting.fileSize) ?? ""
        let size = label(sizeText, font: AmityFont.caption.spec, color: color.withAlpha(0.8), width: textWidth)
        canvas.add(
            .text, in: frame, at: Rect(x: textX, y: frame.height - 12 - size.height, width: size.width, height: size.height),
            .text(size.text, lines: size.lines))
        canvas.action("fileDidTap", ["messageId": message.id], frame)
    }

    /// "This message was deleted" with a trash icon in an outlined bubble; returns the bubble's width.
    func addDeleted(to canvas: inout CellCanvas, frame: Rect) -> Double {
        let text = label(
            formatting.strings(.messageWasDeleted), font: AmityFont.caption.spec, color: theme.baseShade2, width: frame.width - 40)
        let bubble = Rect(x: frame.x, y: frame.y, width: 12 + 16 + 6 + text.width + 12, height: frame.height)
        canvas.add(.bubble, bubble, .box(fill: theme.background, stroke: theme.baseShade4, corners: AmityChatMetrics.bubbleCorners))
        canvas.add(
            .icon, in: bubble, at: Rect(x: 12, y: (bubble.height - 16) / 2, width: 16, height: 16), .glyph(.trash, color: theme.baseShade2))
        canvas.add(
            .text, in: bubble, at: Rect(x: 34, y: (bubble.height - text.height) / 2, width: text.width, height: text.height),
            .text(text.text, lines: text.lines))
        return bubble.width
    }
}
