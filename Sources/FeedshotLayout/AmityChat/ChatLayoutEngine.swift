/// Lays a conversation out top to bottom in the order the kit sorts it (`kitOrder(of:)`): a date
/// pill before each new day, one cell per message (a custom cell when the document defines one for
/// its type key), the typing indicator last.
struct ChatLayoutEngine<Measurer: TextMeasuring> {
    let document: Document
    /// The app's fonts for the kit's text roles (the kit's defaults where the document sets none).
    var typography: Typography { document.typography }
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
        warnings += chat.missingSenderWarnings(single: document.kind != .chat) + chat.missingTypingUserWarnings()
        let order = Self.kitOrder(of: chat.messages)
        if document.kind == .chat, let first = order.indices.first(where: { order[$0] != $0 }) {
            warnings.append(
                "messages: not in the order they were sent (messages[\(order[first])] was sent before messages[\(first)]); "
                    + "drawn sorted by sentAt, as the kit's message list sorts them")
        }
        for index in order {
            try deadline.check()
            let message = chat.messages[index]
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

    /// The indices of `messages` in the order the kit's message list shows them: grouped by day,
    /// each day and each message placed before the first one sent later — a stable sort by `sentAt`
    /// (`Sequence.groupSort(byDate:)`, `Extensions/Sequence+Extension.swift:12-32`, called by
    /// `AmityMessageListScreenViewModel.notifyView`, `:435`).
    static func kitOrder(of messages: [ChatMessage]) -> [Int] {
        messages.indices.sorted { a, b in
            messages[a].sentAt != messages[b].sentAt ? messages[a].sentAt < messages[b].sentAt : a < b
        }
    }

    func isIncoming(_ message: ChatMessage) -> Bool { message.from != chat.me }

    /// The user's display name, "Anonymous" as `AmityMessageModel` shows a user without one, or
    /// the id of a user the document does not describe (`Chat.name(of:anonymous:)`).
    func displayName(of userId: String) -> String {
        chat.name(of: userId, anonymous: formatting.strings(.anonymous))
    }

    mutating func cell(for message: ChatMessage, path: String, top: Double) -> LayoutItem {
        let incoming = isIncoming(message)
        let key = message.typeKey(isIncoming: incoming)
        if let definition = AmityCells.definition(for: message, me: chat.me, in: cells) {
            return customCell(definition, message: message, key: key, path: path, top: top)
        }
        return builtInCell(message: message, key: key, path: path, top: top)
    }

    /// Measures `text` in `font` at `width` in the kit's `AmityExpandableLabel`, collapsing after
    /// `maxLines` with " ...Read more" (bodyBold, in `readMoreColor`), and colours and underlines
    /// its links in `linkColor` when given.
    func measure(
        _ text: String, font: FontSpec, color: Color, width: Double, maxLines: Int? = nil, readMoreColor: Color,
        linkColor: Color? = nil
    ) -> TextBlock {
        measureLabel(text, font: font, color: color, width: width, maxLines: maxLines, readMoreColor: readMoreColor, linkColor: linkColor)
            .block
    }

    /// `measure`, with the links the label drew (`AmityExpandableLabel.styled`), for their taps.
    func measureLabel(
        _ text: String, font: FontSpec, color: Color, width: Double, maxLines: Int? = nil, readMoreColor: Color,
        linkColor: Color? = nil
    ) -> (block: TextBlock, links: [LinkDetector.Link]) {
        let label = AmityExpandableLabel(
            font: font, boldFont: typography[.bodyBold], textColor: color, readMoreColor: readMoreColor, hyperLinkColor: linkColor,
            collapsedLines: maxLines,
            link: formatting.strings(.readMore), isLinkEnglishInAnotherLanguage: formatting.strings.isEnglishInAnotherLanguage(.readMore))
        let styled = label.styled(text)
        return (label.measure(styled.text, width: width, measurer: measurer), styled.links)
    }

    /// A one-line label, ellipsized when too long for `width`.
    func label(_ text: String, font: FontSpec, color: Color, width: Double) -> TextBlock {
        TextBlock.measure(StyledText(text, font: font, color: color), width: width, maxLines: 1, suffix: "…", measurer: measurer)
    }

    // MARK: Date headers and typing

    /// The section header: 35 tall, the pill centred in it, the date of the section's first
    /// message — its edit's when edited, as `AmityMessageModel.date` is.
    func dateHeader(for message: ChatMessage, day: String, top: Double) -> LayoutItem {
        let m = AmityChatMetrics.self
        let text = label(
            formatting.dateHeader(message.editedAt ?? message.sentAt), font: typography[.caption], color: theme.base,
            width: width - 32)
        let pillWidth = text.width + 2 * m.datePillPadding
        let pill = Rect(
            x: (width - pillWidth) / 2, y: (m.dateHeaderHeight - m.datePillHeight) / 2, width: pillWidth,
            height: m.datePillHeight)
        var canvas = CellCanvas(canvasWidth: width, top: top, isMirrored: false)
        canvas.add(.dateHeader, pill, .box(fill: theme.secondaryShade4, corners: .all(m.datePillHeight / 2)))
        let textFrame = Rect(
            x: pill.x + m.datePillPadding, y: pill.y + (pill.height - text.height) / 2, width: text.width, height: text.height)
        canvas.add(.text, textFrame, text: text)
        return canvas.item(id: LayoutItem.dateHeaderID(day: day), type: .dateHeader, height: m.dateHeaderHeight)
    }

    /// The typing line on one line of `width`: where the names make it too long, each name cut to
    /// the same number of characters with "…" — as many as fit — so that "are typing..." always
    /// shows ("Maximiliana Alexandr… and Bob are typing..."); cut at its end only when even
    /// one character a name does not fit.
    func typingLine(_ names: [String], width: Double) -> TextBlock {
        func line(_ limit: Int?) -> TextBlock {
            let shown = names.map { name in
                guard let limit, name.count > limit else { return name }
                // A mark of the name's direction after "…" keeps it at the name's end when the line
                // runs the other way (an English name in an Arabic line, an Arabic one in English).
                let mark = TextDirection.firstStrong(in: name) == .rightToLeft ? "\u{200F}" : "\u{200E}"
                return String(name.prefix(limit)).trimmingTrailingWhitespace() + TextBlock.ellipsis + mark
            }
            return label(formatting.typing(shown), font: typography[.caption], color: theme.baseShade2, width: width)
        }
        let whole = line(nil)
        guard whole.isTruncated, names.count <= 2, let longest = names.map(\.count).max(), longest > 1 else { return whole }
        // Fitting only gets harder as names lengthen: a binary search finds the longest that fits.
        var low = 0, high = longest - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if line(mid).isTruncated { high = mid - 1 } else { low = mid }
        }
        return low > 0 ? line(low) : whole
    }

    /// Feedshot's own "Ann is typing..." row (the kit has no typing indicator).
    func typingIndicator(top: Double) -> LayoutItem? {
        let names = chat.typing.filter { $0 != chat.me }.map(displayName(of:))
        guard !names.isEmpty else { return nil }
        let m = AmityChatMetrics.self
        let text = typingLine(names, width: width - 32)
        var canvas = CellCanvas(canvasWidth: width, top: top, isMirrored: false)
        canvas.add(.typingIndicator, Rect(x: 16, y: (m.typingHeight - text.height) / 2, width: text.width, height: text.height), text: text)
        var item = canvas.item(id: LayoutItem.typingID, type: .typingIndicator, height: m.typingHeight)
        item.isFeedshotOwn = true
        return item
    }
}
