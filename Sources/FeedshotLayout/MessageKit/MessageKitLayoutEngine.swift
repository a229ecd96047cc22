import Foundation

/// Lays a conversation out as MessageKit's `MessagesCollectionViewFlowLayout` does: one section per
/// message (the header, the section inset, the cell, the section inset, the footer), a size
/// calculator per kind, the cell's frames as `MessageContentCell` places them, and the typing
/// indicator as its own last section (docs/conformance/messagekit.md).
struct MessageKitLayoutEngine<Measurer: TextMeasuring> {
    let document: Document
    let chat: Chat
    let measurer: Measurer
    let images: ImageCatalog
    let formatting: ChatFormatting
    let settings: MessageKitSettings
    let palette: MessageKitPalette
    var warnings: [String] = []
    /// Custom detector patterns that backtracked past their budget: not run again (`detecting`).
    var abandonedPatterns: Set<String> = []
    /// Each custom detector pattern's work so far beyond one report a character (`detecting`).
    var detectorWork: [String: Int] = [:]
    /// The layout's deadline, which a custom detector's search checks as it goes.
    var deadline = Deadline.none
    /// A search stopped at the deadline: the layout throws once the message is done.
    var isPastDeadline = false
    /// The options of each kind and side, below the messages' own (most messages have none).
    var optionsByKindAndSide: [String: MessageKitOptions] = [:]

    /// The collection view's width.
    var width: Double { document.width }
    /// The canvas's colour: the document's `messageKit.backgroundColor`, else the theme's.
    var background: Color { settings.backgroundColor ?? palette.background }
    /// `MessagesCollectionViewFlowLayout.itemWidth`: the width less the section inset.
    var itemWidth: Double { width - settings.sectionInset.horizontal }
    /// The content size category's body size (`preferredFont(forTextStyle: .body)`).
    var bodySize: Double { document.textSize.bodySize }

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
        self.deadline = deadline
        var items: [LayoutItem] = []
        var y = 0.0
        warnings += chat.missingSenderWarnings(single: document.kind != .chat)
        for (index, message) in chat.messages.enumerated() {
            try deadline.check()
            let previous = index > 0 ? chat.messages[index - 1] : nil
            let path = document.kind == .chat ? "messages[\(index)]" : "message"
            y += message.messageKit.headerHeight ?? settings.headerHeight
            let item = cell(for: message, previous: previous, path: path, top: y + settings.sectionInset.top)
            if isPastDeadline { throw DeadlineExceeded() }
            items.append(item)
            y = item.frame.maxY + settings.sectionInset.bottom + (message.messageKit.footerHeight ?? settings.footerHeight)
        }
        // The typing indicator's section has no header or footer (`referenceSizeForHeaderInSection`).
        let typists = chat.typing.filter { $0 != chat.me }
        if !typists.isEmpty {
            let item = typingIndicator(top: y + settings.sectionInset.top)
            items.append(item)
            y = item.frame.maxY + settings.sectionInset.bottom
        }
        return Layout(
            width: width, height: y, scale: document.scale, background: background, items: items,
            warnings: warnings)
    }

    /// `text` measured at `width` (UIKit's rule: each of width and height rounded up); no lines
    /// and no size where a canvas too narrow for the cell leaves no width.
    func measure(_ text: StyledText, width: Double) -> TextBlock {
        TextBlock.measure(text, width: width, measurer: measurer)
    }

    /// One line of `text` fitted to `width`, ending in "…" when it does not fit.
    func line(_ text: StyledText, width: Double) -> TextBlock {
        TextBlock.measure(text, width: width, maxLines: 1, suffix: "…", measurer: measurer)
    }

    /// A `text-style` font's size at the document's content size category.
    func size(_ style: MessageKitTextStyle) -> Double {
        style.size(at: document.textSize)
    }

    /// The first letters of the first two words of `name`.
    static func initials(_ name: String) -> String {
        name.split(separator: " ").prefix(2).compactMap(\.first).map { String($0).uppercased() }.joined()
    }
}
