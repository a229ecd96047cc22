/// The Example app's custom cell: a `.custom` message carrying a string (its `SampleData` writes
/// "Someone left the conversation") is shown by `CustomCell`, a plain `UICollectionViewCell`
/// (`Example/Sources/Views/CustomCell.swift:41-60` at b4493fe) — MessageKit's README pictures it
/// — sized by its `CustomMessageSizeCalculator` (`Example/Sources/Layout/CustomMessageFlowLayout.swift:64-70`).
extension MessageKitContainer {
    /// `CustomMessageSizeCalculator.sizeForItem`: the collection view's width less the section
    /// inset (and a content inset of 0), 44 tall.
    static let exampleCustomCellHeight = 44.0
    /// `CustomCell.label`'s font: `UIFont.italicSystemFont(ofSize: 13)`.
    static let exampleCustomCellFont = FontSpec(size: 13, isItalic: true)
}

extension MessageKitSettings {
    /// Whether `message` is drawn as the Example's custom cell: a `custom` message with a text and
    /// no container size of its own or its kind's (those draw the custom cell guide's block).
    func drawsExampleCustomCell(_ message: ChatMessage) -> Bool {
        message.type.name == "custom" && !(message.text ?? "").isEmpty && message.messageKit.customSize == nil
            && kinds["custom"]?.size == nil
    }
}

extension MessageKitLayoutEngine {
    /// Whether `message` is drawn as the Example's custom cell: a `custom` message with a text and
    /// no container size of its own or its kind's (those draw the custom cell guide's block).
    func isExampleCustomCell(_ message: ChatMessage) -> Bool { settings.drawsExampleCustomCell(message) }

    /// The cell: its label fills it (`layoutSubviews`), centred (`textAlignment = .center`), one
    /// line (UILabel's default `numberOfLines`, cut with "…"), in UILabel's default colour; no
    /// avatar, labels or bubble, and no tap (`MessagesCollectionView` hands taps only to
    /// `MessageCollectionViewCell`s, `Sources/Views/MessagesCollectionView.swift:69-78`).
    func exampleCustomCell(_ message: ChatMessage, top: Double) -> LayoutItem {
        let x0 = settings.sectionInset.left
        let height = MessageKitContainer.exampleCustomCellHeight
        let text = StyledText(message.text ?? "", font: MessageKitContainer.exampleCustomCellFont, color: palette.label, alignment: .center)
        let block = line(text, width: itemWidth)
        let label = Rect(x: x0, y: top + (height - block.height) / 2, width: itemWidth, height: block.height)
        return LayoutItem(
            id: message.id, type: .message(message.type, isIncoming: message.from != chat.me),
            frame: Rect(x: x0, y: top, width: itemWidth, height: height),
            elements: [LayoutElement(role: .text, frame: label, content: .text(block.text, lines: block.lines))])
    }
}
