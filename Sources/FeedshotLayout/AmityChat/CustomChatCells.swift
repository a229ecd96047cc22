/// Cells the document defines in `cells`: the equivalent of `cellForMessageTypes()` returning a
/// static-height or dynamic-height `AmityMessageCellProtocol` class.
extension ChatLayoutEngine {
    mutating func customCell(_ definition: CellDefinition, message: ChatMessage, key: String, path: String, top: Double) -> LayoutItem {
        switch definition {
        case .fixed(let cell):
            staticCell(cell, message: message, key: key, path: path, top: top)
        case .dynamic(let cell):
            dynamicCell(cell, message: message, key: key, path: path, top: top)
        }
    }

    /// Static height: `top + content + bottom`. The top slot holds avatar and name, the content slot
    /// the message (images aspect-fit, text in a bubble), the bottom slot the time.
    mutating func staticCell(_ cell: CellDefinition.StaticCell, message: ChatMessage, key: String, path: String, top: Double) -> LayoutItem
    {
        let m = AmityChatMetrics.self
        let incoming = isIncoming(message)
        var canvas = CellCanvas(canvasWidth: width, top: top, isMirrored: !incoming)
        let leading = incoming ? m.contentX : m.outgoingTrailing
        let trailing = m.textFarMargin
        let slotWidth = max(0, width - leading - trailing)
        if incoming {
            addAvatar(
                to: &canvas, userId: message.from,
                frame: Rect(x: m.avatarX, y: min(m.textAvatarY, cell.top), width: m.avatarSize, height: m.avatarSize))
            addSlotName(to: &canvas, userId: message.from, slotTop: cell.top, x: leading, width: slotWidth)
        }
        let slot = Rect(x: leading, y: cell.top, width: slotWidth, height: cell.content)
        switch message.type {
        case .image, .video:
            let fitted = aspectFit(message.image, ref: message.image?.src ?? "", in: slot)
            addImage(to: &canvas, message: message, frame: fitted, containerFill: nil, path: path)
            if message.type == .video { addPlayButton(to: &canvas, in: fitted) }
        default:
            let fill = cell.bubbleColor ?? (incoming ? theme.messageBubbleInverse : theme.messageBubble)
            canvas.add(.bubble, slot, .box(fill: fill, corners: AmityChatMetrics.bubbleCorners))
            let color = cell.textColor ?? (incoming ? theme.base : theme.baseInverse)
            let inner = slot.inset(
                by: EdgeInsets(top: m.bubblePadding, left: m.bubblePadding, bottom: m.bubblePadding, right: m.bubblePadding))
            let block = measure(summary(of: message), font: typography[.body], color: color, width: inner.width, readMoreColor: color)
                .fitted(toHeight: inner.height, measurer: measurer)
            canvas.add(
                .text, Rect(x: inner.x, y: block.top(inFrameAt: inner.y, height: inner.height), width: inner.width, height: block.height),
                text: block)
        }
        addSlotTime(to: &canvas, message: message, below: slot.maxY, slotHeight: cell.bottom, x: leading, width: slotWidth)
        return canvas.item(id: message.id, type: ItemType(rawValue: key), height: cell.height)
    }

    /// Dynamic height: the text is measured at `W − reservedWidth` and the cell is
    /// `ceil(textHeight) + reservedHeight`; avatar, name, bubble, text and time sit in the named slots.
    mutating func dynamicCell(_ cell: CellDefinition.DynamicCell, message: ChatMessage, key: String, path: String, top: Double)
        -> LayoutItem
    {
        let incoming = isIncoming(message)
        let w = cell.reservedWidth, h = cell.reservedHeight
        var canvas = CellCanvas(canvasWidth: width, top: top, isMirrored: !incoming)
        let textWidth = max(0, width - w.total)
        let color = cell.textColor ?? (incoming ? theme.base : theme.baseInverse)
        let fill = cell.bubbleColor ?? (incoming ? theme.messageBubbleInverse : theme.messageBubble)
        let block = measure(
            message.isShownDeleted ? summary(of: message) : message.text ?? "", font: typography[cell.font], color: color, width: textWidth,
            maxLines: cell.maxLines, readMoreColor: incoming ? theme.highlight : theme.baseInverse)
        let contentX = w.leading + w.avatar + w.avatarSpacing
        if incoming, w.avatar > 0 {
            addAvatar(
                to: &canvas, userId: message.from, frame: Rect(x: w.leading, y: nameTop(slotTop: h.top), width: w.avatar, height: w.avatar))
        }
        if incoming {
            addSlotName(to: &canvas, userId: message.from, slotTop: h.top, x: contentX, width: max(0, width - contentX - w.trailing))
        }
        let bubble = Rect(
            x: contentX, y: h.top, width: w.bubbleLeading + block.width + w.bubbleTrailing,
            height: h.bubbleTop + block.height + h.bubbleBottom)
        canvas.add(.bubble, bubble, .box(fill: fill, corners: AmityChatMetrics.bubbleCorners))
        let textFrame = Rect(x: contentX + w.bubbleLeading, y: h.top + h.bubbleTop, width: block.width, height: block.height)
        canvas.add(.text, textFrame, text: block)
        if block.isTruncated { canvas.action(.didExpandExpandableLabel, ["messageId": message.id], textFrame) }
        addSlotTime(
            to: &canvas, message: message, below: bubble.maxY, slotHeight: h.bottom, x: contentX,
            width: max(0, width - contentX - w.trailing))
        return canvas.item(id: message.id, type: ItemType(rawValue: key), height: block.height + h.total)
    }

    /// The name's top in a top slot: 4 above the slot's bottom when the slot is tall enough.
    func nameTop(slotTop: Double) -> Double {
        max(0, slotTop - 4 - AmityChatMetrics.nameHeight)
    }

    func addSlotName(to canvas: inout CellCanvas, userId: String, slotTop: Double, x: Double, width: Double) {
        guard slotTop >= AmityChatMetrics.nameHeight else { return }
        addName(
            to: &canvas, userId: userId, frame: Rect(x: x, y: nameTop(slotTop: slotTop), width: width, height: AmityChatMetrics.nameHeight))
    }

    /// The metadata row 4 below the content when the bottom slot has room for it.
    func addSlotTime(to canvas: inout CellCanvas, message: ChatMessage, below y: Double, slotHeight: Double, x: Double, width: Double) {
        let m = AmityChatMetrics.self
        guard slotHeight >= m.metadataGap + m.metadataHeight else { return }
        addMetadataRow(to: &canvas, message: message, x: x, y: y + m.metadataGap, maxWidth: width)
    }

    /// The image's size (declared, else decoded, else square) scaled to fit `slot` and centred in
    /// it, as an image view filling the slot draws with `scaleAspectFit` (pinned to the slot's top,
    /// a landscape photo left a band as tall as the slot's spare height between it and the time).
    func aspectFit(_ image: ChatMessage.Image?, ref: String, in slot: Rect) -> Rect {
        var size = Size(width: image?.width ?? 0, height: image?.height ?? 0)
        if size.width <= 0 || size.height <= 0, case .loaded(let w, let h) = images.entry(ref) {
            size = Size(width: Double(w), height: Double(h))
        }
        if size.width <= 0 || size.height <= 0 { size = Size(width: 1, height: 1) }
        let factor = min(slot.width / size.width, slot.height / size.height)
        let (width, height) = (size.width * factor, size.height * factor)
        return Rect(x: slot.x + (slot.width - width) / 2, y: slot.y + (slot.height - height) / 2, width: width, height: height)
    }

    /// What a non-image message shows as text in a custom cell: a deleted message the kit's
    /// "Message deleted • time".
    func summary(of message: ChatMessage) -> String {
        if message.isShownDeleted { return formatting.metadata(for: message, isIncoming: isIncoming(message)) }
        if let text = message.text { return text }
        switch message.type {
        case .file: return message.file?.name ?? formatting.strings(.file)
        case .audio:
            return formatting.strings(.voiceMessage, formatting.strings.number(ChatFormatting.duration(message.audioDuration ?? 0)))
        default: return ""
        }
    }
}
