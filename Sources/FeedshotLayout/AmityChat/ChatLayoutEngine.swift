/// Lays a conversation out top to bottom: a date pill before each new day, one cell per message
/// (a custom cell when the document defines one for its type key), the typing indicator last.
struct ChatLayoutEngine<Measurer: TextMeasuring> {
    let document: Document
    let chat: Chat
    /// The document's custom cells by message-type key.
    let cells: [String: CellDefinition]
    let measurer: Measurer
    let images: ImageCatalog
    let formatting: ChatFormatting
    var warnings: [String] = []

    var theme: Theme { document.theme }
    var width: Double { document.width }

    init(document: Document, chat: Chat, cells: [String: CellDefinition], measurer: Measurer, images: ImageCatalog) {
        self.document = document
        self.chat = chat
        self.cells = cells
        self.measurer = measurer
        self.images = images
        self.formatting = ChatFormatting(document)
    }

    mutating func layout(deadline: Deadline) throws(DeadlineExceeded) -> Layout {
        var items: [LayoutItem] = []
        var y = 0.0
        var lastDay: String?
        let showsDates = document.kind == .chat
        for (index, message) in chat.messages.enumerated() {
            try deadline.check()
            let day = formatting.dayKey(message.sentAt)
            if showsDates, day != lastDay {
                let header = dateHeader(for: message, day: day, top: y)
                items.append(header)
                y += header.frame.height
                lastDay = day
            }
            let path = document.kind == .chat ? "messages[\(index)]" : "message"
            let item = cell(for: message, path: path, top: y)
            items.append(item)
            y += item.frame.height
        }
        if let typing = typingIndicator(top: y) {
            items.append(typing)
            y += typing.frame.height
        }
        return Layout(
            width: width, height: y, scale: document.scale, background: theme.background, items: items, warnings: warnings)
    }

    func isIncoming(_ message: ChatMessage) -> Bool { message.from != chat.me }

    func displayName(of userId: String) -> String {
        chat.users[userId]?.displayName ?? userId
    }

    mutating func cell(for message: ChatMessage, path: String, top: Double) -> LayoutItem {
        let incoming = isIncoming(message)
        let key = message.typeKey(isIncoming: incoming)
        if let definition = AmityCells.definition(for: message, me: chat.me, in: cells) {
            return customCell(definition, message: message, key: key, path: path, top: top)
        }
        return builtInCell(message: message, key: key, path: path, top: top)
    }

    /// Measures `text` in `font` at `width`, collapsing after `maxLines` with "... Read more" (the
    /// link in the highlight colour, or bold in the text colour on a bubble of that same colour).
    func measure(_ text: String, font: FontSpec, color: Color, width: Double, maxLines: Int? = nil, onFill fill: Color? = nil) -> TextBlock
    {
        let linkColor = fill == theme.messageBubble ? theme.baseInverse : theme.highlight
        return TextBlock.measure(
            StyledText(text, font: font, color: color), width: width, maxLines: maxLines, linkColor: linkColor,
            linkWeight: .semibold, measurer: measurer)
    }

    /// A one-line label, ellipsized when too long for `width`.
    func label(_ text: String, font: FontSpec, color: Color, width: Double) -> TextBlock {
        TextBlock.measure(StyledText(text, font: font, color: color), width: width, maxLines: 1, suffix: "…", measurer: measurer)
    }

    // MARK: Date headers and typing

    func dateHeader(for message: ChatMessage, day: String, top: Double) -> LayoutItem {
        let m = AmityChatMetrics.self
        let text = label(formatting.dateHeader(message.sentAt), font: AmityFont.caption.spec, color: theme.base, width: width - 32)
        let pillWidth = text.width + 2 * m.datePillPadding
        let pill = Rect(
            x: ((width - pillWidth) / 2).rounded(), y: (m.dateHeaderHeight - m.datePillHeight) / 2, width: pillWidth,
            height: m.datePillHeight)
        var canvas = CellCanvas(canvasWidth: width, top: top, isMirrored: false)
        canvas.add(.dateHeader, pill, .box(fill: theme.secondaryShade4, corners: .all(m.datePillHeight / 2)))
        let textFrame = Rect(
            x: pill.x + m.datePillPadding, y: pill.y + (pill.height - text.height) / 2, width: text.width, height: text.height)
        canvas.add(.text, textFrame, text: text)
        return canvas.item(id: "date-\(day)", type: "dateHeader", height: m.dateHeaderHeight)
    }

    func typingIndicator(top: Double) -> LayoutItem? {
        let names = chat.typing.filter { $0 != chat.me }.map(displayName(of:))
        guard !names.isEmpty else { return nil }
        let m = AmityChatMetrics.self
        let text = label(formatting.typing(names), font: AmityFont.caption.spec, color: theme.baseShade2, width: width - 32)
        var canvas = CellCanvas(canvasWidth: width, top: top, isMirrored: false)
        canvas.add(.typingIndicator, Rect(x: 16, y: (m.typingHeight - text.height) / 2, width: text.width, height: text.height), text: text)
        return canvas.item(id: "typing", type: "typingIndicator", height: m.typingHeight)
    }

    // MARK: Pieces every cell shares

    /// The avatar (image, or the placeholder circle with a person) and its `userDidTap` action.
    mutating func addAvatar(to canvas: inout CellCanvas, userId: String, frame: Rect) {
        let ref = chat.users[userId]?.avatar ?? ""
        if let reason = canvas.addAmityAvatar(ref: ref, userId: userId, frame: frame, theme: theme, images: images) {
            warnings.append("users.\(userId).avatar: \(reason); drew the placeholder")
        }
    }

    /// The sender's display name in one line, tappable like the avatar.
    func addName(to canvas: inout CellCanvas, userId: String, frame: Rect) {
        let name = label(displayName(of: userId), font: AmityFont.body.spec, color: theme.baseShade1, width: frame.width)
        let textFrame = Rect(x: frame.x, y: frame.y, width: name.width, height: frame.height)
        canvas.add(.name, textFrame, text: name)
        canvas.action("userDidTap", ["userId": userId], textFrame)
    }

    /// The metadata row at `y`: the error button (failed messages), then the time / "Edited • …" / "Sending...".
    func addMetadata(to canvas: inout CellCanvas, message: ChatMessage, x: Double, y: Double, maxWidth: Double) {
        let m = AmityChatMetrics.self
        var x = x
        if message.state == .error {
            canvas.add(.status, Rect(x: x, y: y, width: m.metadataHeight, height: m.metadataHeight), .glyph(.error, color: theme.alert))
            x += m.metadataHeight + 4
        }
        let text = label(formatting.metadata(for: message), font: AmityFont.caption.spec, color: theme.baseShade2, width: maxWidth)
        // Caption lines are about 16 tall: the row is sized to them.
        canvas.add(.time, Rect(x: x, y: y, width: text.width, height: m.metadataHeight), text: text)
    }

    /// Adds a text element, and a `readMoreDidTap` action on its last line when collapsed.
    func addText(to canvas: inout CellCanvas, _ block: TextBlock, frame: Rect, messageId: String) {
        canvas.add(.text, frame, text: block)
        if block.isTruncated, !block.lines.isEmpty {
            let lineHeight = frame.height / Double(block.lines.count)
            let last = Rect(x: frame.x, y: frame.maxY - lineHeight, width: frame.width, height: lineHeight)
            canvas.action("readMoreDidTap", ["messageId": messageId], last)
        }
    }

    /// An image aspect-filled into `frame`, or the placeholder and a warning when it did not load.
    mutating func addImage(to canvas: inout CellCanvas, ref: String, frame: Rect, radius: Double, path: String, messageId: String) {
        switch images.entry(ref) {
        case .loaded:
            canvas.add(.image, frame, .image(ref: ref, cornerRadius: radius))
        case .failed(let reason):
            warnings.append("\(path).image.src: \(reason); drew a placeholder")
            canvas.add(.image, frame, .box(fill: theme.baseShade4, corners: .all(radius)))
            let side = min(32, frame.width / 2, frame.height / 2)
            canvas.add(
                .icon, Rect(x: frame.midX - side / 2, y: frame.midY - side / 2, width: side, height: side),
                .glyph(.photo, color: theme.baseShade2))
        }
        canvas.action("imageDidTap", ["messageId": messageId, "index": "0"], frame)
    }
}
