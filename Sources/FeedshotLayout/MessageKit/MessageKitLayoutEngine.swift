import Foundation

/// Lays a conversation out as MessageKit's `MessagesCollectionViewFlowLayout` does: one section per
/// message (section inset 4/8/4/8), a size calculator per kind, labels and avatar placed per the
/// avatar position, and the typing indicator as its own last section.
struct MessageKitLayoutEngine<Measurer: TextMeasuring> {
    let document: Document
    let chat: Chat
    let measurer: Measurer
    let images: ImageCatalog
    let formatting: ChatFormatting
    let settings: MessageKitSettings
    var warnings: [String] = []

    var width: Double { document.width }
    let palette: MessageKitPalette
    var itemWidth: Double { width - settings.sectionInset.horizontal }
    var bodySize: Double { document.textSize.bodySize }
    /// Content captions (link preview, audio, contact) follow Dynamic Type like the body does; the
    /// four cell labels keep their sizes, since the document fixes their heights.
    var labelScale: Double { bodySize / 17 }
    var textColorIncoming: Color { palette.incomingText }
    var labelColor: Color { palette.label }
    var linkColor: Color { palette.link }
    var incomingFill: Color { settings.incomingColor ?? palette.incomingBubble }
    var outgoingFill: Color { settings.outgoingColor ?? palette.outgoingBubble }

    init(document: Document, chat: Chat, settings: MessageKitSettings, measurer: Measurer, images: ImageCatalog) {
        self.document = document
        self.chat = chat
        self.palette = .forAppearance(document.theme.appearance)
        self.measurer = measurer
        self.images = images
        self.formatting = ChatFormatting(document)
        self.settings = settings
    }

    mutating func layout(deadline: Deadline) throws(DeadlineExceeded) -> Layout {
        var items: [LayoutItem] = []
        var y = 0.0
        for (index, message) in chat.messages.enumerated() {
            try deadline.check()
            let previous = index > 0 ? chat.messages[index - 1] : nil
            let path = document.kind == .chat ? "messages[\(index)]" : "message"
            let item = cell(for: message, previous: previous, path: path, top: y + settings.sectionInset.top)
            items.append(item)
            y = item.frame.maxY + settings.sectionInset.bottom
        }
        let typists = chat.typing.filter { $0 != chat.me }
        if !typists.isEmpty {
            let item = typingIndicator(top: y + settings.sectionInset.top)
            items.append(item)
            y = item.frame.maxY + settings.sectionInset.bottom
        }
        return Layout(
            width: width, height: y, scale: document.scale, background: document.theme.background, items: items, warnings: warnings)
    }

    func measure(_ text: StyledText, width: Double) -> TextBlock {
        TextBlock.measure(text, width: max(1, width), measurer: measurer)
    }

    func label(_ text: String, size: Double, weight: FontSpec.Weight = .regular, color: Color, width: Double) -> TextBlock {
        TextBlock.measure(
            StyledText(text, font: FontSpec(size: size, weight: weight), color: color), width: max(1, width), maxLines: 1, suffix: "…",
            measurer: measurer)
    }

    // MARK: One cell

    mutating func cell(for message: ChatMessage, previous: ChatMessage?, path: String, top: Double) -> LayoutItem {
        let incoming = message.from != chat.me
        let kind = message.type.name
        let override = settings.kinds[kind]
        let avatarSide = override?.avatarSize ?? settings.avatarSize
        let position = override?.avatarPosition ?? settings.avatarPosition
        let padding = override?.messagePadding ?? (incoming ? settings.incomingMessagePadding : settings.outgoingMessagePadding)
        let maxWidth = MessageKitGeometry.containerMaxWidth(itemWidth: itemWidth, avatarWidth: avatarSide, padding: padding)
        let (content, size) = container(for: message, incoming: incoming, maxWidth: maxWidth, override: override, path: path)

        // Labels (MessageKit's delegate heights; shown where the kit's example app shows them).
        let isNewDay = previous.map { formatting.dayKey($0.sentAt) != formatting.dayKey(message.sentAt) } ?? true
        let isNewSender = previous?.from != message.from
        let cellTop = isNewDay ? settings.cellTopLabelHeight : 0
        let messageTop = isNewSender ? settings.messageTopLabelHeight : 0
        let heights = MessageKitGeometry.Heights(
            avatar: avatarSide, container: size.height, verticalPadding: padding.vertical, cellTopLabel: cellTop,
            messageTopLabel: messageTop,
            messageBottomLabel: settings.messageBottomLabelHeight, cellBottomLabel: settings.cellBottomLabelHeight)
        let cellHeight = MessageKitGeometry.cellHeight(heights, position: position)

        var canvas = CellCanvas(canvasWidth: width, top: top, isMirrored: false)
        let x0 = settings.sectionInset.left
        let containerX = incoming ? avatarSide + padding.left : itemWidth - avatarSide - padding.right - size.width
        let containerY = MessageKitGeometry.containerY(heights, position: position, cellHeight: cellHeight, padding: padding)
        let containerFrame = Rect(x: x0 + containerX, y: containerY, width: size.width, height: size.height)

        if cellTop > 0 {
            let text = label(
                formatting.dateHeader(message.sentAt) + " " + formatting.time(message.sentAt), size: 10, weight: .bold, color: labelColor,
                width: itemWidth)
            canvas.add(
                .dateHeader,
                Rect(x: x0 + (itemWidth - text.width) / 2, y: (cellTop - text.height) / 2, width: text.width, height: text.height),
                text: text)
        }
        if messageTop > 0 {
            let name = chat.users[message.from]?.displayName ?? message.from
            let text = label(name, size: 12, color: labelColor, width: itemWidth - settings.labelInset)
            let x = incoming ? settings.labelInset : itemWidth - settings.labelInset - text.width
            canvas.add(
                .name, Rect(x: x0 + x, y: cellTop + (messageTop - text.height) / 2, width: text.width, height: text.height), text: text)
        }
        draw(content, in: containerFrame, incoming: incoming, override: override, message: message, path: path, canvas: &canvas)
        if settings.messageBottomLabelHeight > 0 {
            let string = !incoming && message.messageKit.isRead ? formatting.strings(.messageRead) : formatting.time(message.sentAt)
            let text = label(string, size: 11, color: labelColor, width: itemWidth - settings.labelInset)
            let x = incoming ? settings.labelInset : itemWidth - settings.labelInset - text.width
            let y = containerFrame.maxY + padding.bottom
            canvas.add(
                .time,
                Rect(x: x0 + x, y: y + (settings.messageBottomLabelHeight - text.height) / 2, width: text.width, height: text.height),
                text: text)
        }
        if avatarSide > 0 {
            let y = MessageKitGeometry.avatarY(
                position: position, cellHeight: cellHeight, avatar: avatarSide, container: containerFrame, messageTopLabelY: cellTop)
            let frame = Rect(x: x0 + (incoming ? 0 : itemWidth - avatarSide), y: y, width: avatarSide, height: avatarSide)
            addAvatar(&canvas, userId: message.from, frame: frame)
        }
        return LayoutItem(
            id: message.id, type: message.typeKey(isIncoming: incoming), frame: Rect(x: x0, y: top, width: itemWidth, height: cellHeight),
            elements: canvas.elements, actions: canvas.actions)
    }

    // MARK: Size calculators

    /// The container's content and size for `message`'s kind (`messageContainerSize`).
    mutating func container(
        for message: ChatMessage, incoming: Bool, maxWidth: Double, override: MessageKitSettings.KindOverride?, path: String
    ) -> (MessageKitContainer, Size) {
        let textColor = incoming ? textColorIncoming : palette.outgoingText
        let insets = override?.labelInsets ?? (incoming ? settings.incomingTextInsets : settings.outgoingTextInsets)
        if let size = override?.size {
            return (.custom(override?.color ?? palette.accent), size)
        }
        func textContainer(_ text: StyledText, insets: EdgeInsets, hasBubble: Bool = true) -> (MessageKitContainer, Size) {
            let block = measure(text, width: maxWidth - insets.horizontal)
            return (
                .text(block, insets: insets, hasBubble: hasBubble),
                Size(width: block.width + insets.horizontal, height: block.height + insets.vertical)
            )
        }
        let body = FontSpec(size: override?.fontSize ?? bodySize)
        switch message.type.name {
        case "emoji":
            return textContainer(
                StyledText(message.text ?? "", font: FontSpec(size: 2 * bodySize), color: textColor), insets: insets, hasBubble: false)
        case "attributedText":
            return textContainer(attributed(message, font: body, color: textColor, incoming: incoming), insets: insets)
        case "photo", "video", "image":
            let ref = message.image?.src ?? ""
            var size = Size(width: message.image?.width ?? 0, height: message.image?.height ?? 0)
            if size.width <= 0 || size.height <= 0, case .loaded(let w, let h) = images.entry(ref) {
                size = Size(width: Double(w), height: Double(h))
            }
            if size.width <= 0 || size.height <= 0 { size = Size(width: 240, height: 240) }
            return (.media(ref: ref, isVideo: message.type.name == "video"), MessageKitGeometry.fit(size, maxWidth: maxWidth))
        case "location":
            let size = message.messageKit.location?.size ?? MessageKitContainer.defaultLocationSize
            return (.location, MessageKitGeometry.fit(size, maxWidth: maxWidth))
        case "audio":
            let size = message.messageKit.audioSize ?? MessageKitContainer.defaultAudioSize
            let duration = label(ChatFormatting.duration(message.audioDuration ?? 0), size: 13 * labelScale, color: textColor, width: 80)
            return (.audio(duration: duration), MessageKitGeometry.fit(size, maxWidth: maxWidth))
        case "contact":
            let contact = message.messageKit.contact ?? MessageKitContent.Contact(displayName: message.text ?? "")
            let contactInsets = override?.labelInsets ?? (incoming ? settings.incomingContactInsets : settings.outgoingContactInsets)
            let name = measure(StyledText(contact.displayName, font: body, color: textColor), width: maxWidth - contactInsets.horizontal)
            let initials = label(
                contact.initials ?? MessageKitLayoutEngine.initials(contact.displayName), size: 13 * labelScale, weight: .semibold,
                color: palette.onMedia, width: 60)
            return (
                .contact(initials: initials, name: name, insets: contactInsets),
                Size(width: name.width + contactInsets.horizontal, height: name.height + contactInsets.vertical)
            )
        case "linkPreview":
            return linkPreview(message, maxWidth: maxWidth, insets: insets, font: body, color: textColor)
        case "custom":
            return (
                .custom(override?.color ?? palette.accent), message.messageKit.customSize ?? MessageKitContainer.defaultCustomSize
            )
        default:
            // text, and text-driven custom kinds (a `fontSize` override).
            return textContainer(StyledText(message.text ?? "", font: body, color: textColor), insets: insets)
        }
    }

    /// `LinkPreviewMessageSizeCalculator`: the text, then a 60-pt thumbnail beside title, teaser and host.
    func linkPreview(_ message: ChatMessage, maxWidth: Double, insets: EdgeInsets, font: FontSpec, color: Color) -> (
        MessageKitContainer, Size
    ) {
        let link = message.messageKit.link ?? MessageKitContent.Link(url: "", teaser: "")
        let previewMaxWidth = max(maxWidth, width * 0.75)
        let text = measure(StyledText(message.text ?? link.url, font: font, color: color), width: previewMaxWidth - insets.horizontal)
        var size = Size(width: max(text.width + insets.horizontal, previewMaxWidth), height: text.height)
        let minHeight = size.height + MessageKitContainer.linkImageSize
        let textWidth = size.width - (MessageKitContainer.linkImageSize + MessageKitContainer.linkImageMargin + insets.horizontal)
        let title = measure(
            StyledText(link.title ?? "", font: FontSpec(size: 13 * labelScale, weight: .semibold), color: color), width: textWidth)
        let teaser = measure(StyledText(link.teaser, font: FontSpec(size: 11 * labelScale), color: color), width: textWidth)
        let host = measure(StyledText(link.host, font: FontSpec(size: 12 * labelScale, weight: .semibold), color: color), width: textWidth)
        size.height += title.height + teaser.height + host.height
        size.height = max(minHeight, size.height) + insets.vertical
        return (.linkPreview(text: text, insets: insets, title: title, teaser: teaser, host: host, thumbnail: link.thumbnail), size)
    }

    /// `attributedText` runs as one styled text: bold, italic, colours, links and mentions.
    func attributed(_ message: ChatMessage, font: FontSpec, color: Color, incoming: Bool) -> StyledText {
        var text = StyledText("", font: font, color: color)
        for run in message.messageKit.runs {
            let isLink = run.link != nil || run.mention != nil
            let runColor = run.color ?? (isLink ? (incoming ? linkColor : color) : nil)
            let weight: FontSpec.Weight? = run.isBold || run.mention != nil ? .bold : nil
            let start = text.string.utf8.count
            text.string += run.text
            if runColor != nil || weight != nil || run.isItalic {
                text.spans.append(
                    StyledText.Span(
                        start: start, end: text.string.utf8.count, color: runColor, weight: weight, isItalic: run.isItalic ? true : nil))
            }
        }
        if message.messageKit.runs.isEmpty { text.string = message.text ?? "" }
        return text
    }

    static func initials(_ name: String) -> String {
        name.split(separator: " ").prefix(2).compactMap(\.first).map { String($0).uppercased() }.joined()
    }
}
