/// The four `InsetLabel`s: each spans the item's width at the height the delegate gives it, and
/// draws its text inside `LabelAlignment.textInsets`, centred vertically as `UILabel` does,
/// aligned by `LabelAlignment.textAlignment`, wrapped (`numberOfLines = 0`) and cut with "…"
/// where it does not fit the height; a line taller than the label is cut at its bounds.
extension MessageKitLayoutEngine {
    /// MessageKit's default alignments (`MessageSizeCalculator`'s `…LabelAlignment`): the cell top
    /// label centred, the others 42 in from the avatar's side.
    func defaultAlignment(_ label: MessageKitOptions.LabelKind, incoming: Bool) -> (StyledText.Alignment, EdgeInsets) {
        switch label {
        case .cellTop: return (.center, EdgeInsets(top: 0, left: 0, bottom: 0, right: 0))
        case .messageTop, .messageBottom, .cellBottom:
            return incoming
                ? (.left, EdgeInsets(top: 0, left: 42, bottom: 0, right: 0)) : (.right, EdgeInsets(top: 0, left: 0, bottom: 0, right: 42))
        }
    }

    /// The Example app's font and colour for a label (`ChatViewController`'s attributed texts):
    /// bold 10 in dark grey above and below the cell, caption1 above the message, caption2 below it.
    func defaultLook(_ label: MessageKitOptions.LabelKind) -> (FontSpec, Color) {
        switch label {
        case .cellTop, .cellBottom: (FontSpec(size: 10, weight: .bold), palette.darkGray)
        case .messageTop: (FontSpec(size: size(.caption1)), palette.label)
        case .messageBottom: (FontSpec(size: size(.caption2)), palette.label)
        }
    }

    /// Feedshot's text for a label the document gives none: above a day's first message the date
    /// as the Example app writes it there (`MessageKitDateFormatter`), the sender's name, the time
    /// in the locale's short style (or "Read" for a read outgoing message).
    func automaticText(_ label: MessageKitOptions.LabelKind, message: ChatMessage, incoming: Bool) -> String? {
        switch label {
        case .cellTop: MessageKitDateFormat(formatting: formatting).string(from: message.sentAt)
        case .messageTop: chat.users[message.from]?.displayName ?? message.from
        case .messageBottom:
            !incoming && message.messageKit.isRead
                ? formatting.strings(.messageRead) : MessageKitDateFormat(formatting: formatting).shortTime(message.sentAt)
        case .cellBottom: nil
        }
    }

    /// `NSTextAlignment.left` and `.right` are sides of the label, every line against them whatever
    /// its paragraph's direction (Apple: "The left edge of each line is aligned to the left edge of
    /// the container"): the layout tree's `visualLeft` and `visualRight`. Feedshot's own mirroring
    /// (`messageKit.mirror`) swaps the sides here, since the mirroring of the whole layout leaves
    /// them (`ElementContent.mirrored`); centred and natural texts are as they are.
    static func visual(_ alignment: StyledText.Alignment, mirrored: Bool) -> StyledText.Alignment {
        switch alignment {
        case .left, .visualLeft: mirrored ? .visualRight : .visualLeft
        case .right, .visualRight: mirrored ? .visualLeft : .visualRight
        case .center, .natural: alignment
        }
    }

    mutating func addLabel(
        _ label: MessageKitOptions.LabelKind, frame: Rect, options: MessageKitOptions.Label, incoming: Bool, message: ChatMessage,
        canvas: inout CellCanvas
    ) {
        guard frame.height > 0 else { return }
        // A label takes its taps whether it shows text or not: `MessageContentCell.handleTapGesture`
        // tests its frame alone (`Sources/Views/Cells/MessageContentCell.swift:180-187`).
        defer { canvas.action(label.event, ["messageId": message.id], frame) }
        let (defaultAlignment, defaultInsets) = defaultAlignment(label, incoming: incoming)
        let (defaultFont, defaultColor) = defaultLook(label)
        let font = options.font ?? defaultFont, color = options.color ?? defaultColor
        var text: StyledText
        switch options.text {
        case .plain(let string): text = StyledText(string, font: font, color: color)
        case .runs(let runs):
            let attributed = attributed(runs, font: font, color: color)
            text = drawingLinks(attributed.text, links: attributed.links)
        case nil:
            guard let string = automaticText(label, message: message, incoming: incoming) else { return }
            text = StyledText(string, font: font, color: color)
        }
        text.alignment = MessageKitLayoutEngine.visual(
            options.alignment ?? defaultAlignment, mirrored: LayoutEngine.isMirrored(document))
        let rect = frame.inset(by: options.textInsets ?? defaultInsets)
        guard rect.width > 0, !text.string.isEmpty else { return }
        var block = measure(text, width: rect.width)
        if block.lines.count > 1, block.height > 0 {
            // The lines' own height, not the block's rounded up: 13.127-point lines fit 5 times
            // in 66 points (106 / 8 = 13.25 fits 4).
            let lineHeight = measurer.measure(text, width: rect.width).height / Double(block.lines.count)
            let fitting = max(1, Int((max(rect.height, 0) / lineHeight + 1e-9).rounded(.down)))
            if fitting < block.lines.count {
                block = TextBlock.measure(text, width: rect.width, maxLines: fitting, suffix: "…", measurer: measurer)
            }
        }
        // UILabel centres its text and draws it into its own layer: what is taller than the label
        // is cut at the label's top and bottom (`InsetLabel.drawText(in:)`).
        let textFrame = Rect(x: rect.x, y: rect.midY - block.height / 2, width: rect.width, height: block.height)
        // The Example's dark grey is not dynamic: on a dark background the label all but vanishes
        // (the canvas's: the theme's, or the document's `backgroundColor`).
        if options.color == nil, defaultColor == palette.darkGray, palette.darkGray.contrastRatio(with: background) < 3 {
            canvas.note(.messageKitDarkGrayLabel)
        }
        if block.height > frame.height {
            canvas.add(label.role, textFrame, text: block, clip: frame)
        } else {
            canvas.add(label.role, textFrame, text: block)
        }
    }
}

extension MessageKitOptions.LabelKind {
    /// The label's view, as the layout tree names it.
    var role: ElementRole {
        switch self {
        case .cellTop: .cellTopLabel
        case .messageTop: .messageTopLabel
        case .messageBottom: .messageBottomLabel
        case .cellBottom: .cellBottomLabel
        }
    }

    /// `MessageCellDelegate`'s tap for the label.
    var event: LayoutEvent {
        switch self {
        case .cellTop: .didTapCellTopLabel
        case .messageTop: .didTapMessageTopLabel
        case .messageBottom: .didTapMessageBottomLabel
        case .cellBottom: .didTapCellBottomLabel
        }
    }
}
