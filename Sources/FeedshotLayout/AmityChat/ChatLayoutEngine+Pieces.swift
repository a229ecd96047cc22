/// The pieces every Amity chat cell shares (`AmityMessageTableViewCell`): avatar and name, the
/// metadata row, the failed-message button, the flagged border, the image container.
extension ChatLayoutEngine {
    /// The avatar at (16, `y`), 40 × 40.
    mutating func addAvatar(to canvas: inout CellCanvas, userId: String, y: Double) {
        let m = AmityChatMetrics.self
        addAvatar(to: &canvas, userId: userId, frame: Rect(x: m.avatarX, y: y, width: m.avatarSize, height: m.avatarSize))
    }

    /// The avatar (image, or the placeholder circle with a person). The kit sets no action on a
    /// chat avatar: tapping it fires nothing.
    mutating func addAvatar(to canvas: inout CellCanvas, userId: String, frame: Rect) {
        let ref = chat.users[userId]?.avatar ?? ""
        if let reason = canvas.addAmityAvatar(ref: ref, userId: userId, frame: frame, theme: theme, images: images, isTappable: false) {
            warnings.append("users.\(userId).avatar: \(reason); drew the placeholder")
        }
    }

    /// The sender's name in one line (body, base shade 1), centred in `frame`'s height. The
    /// kit's name label does not take touches.
    func addName(to canvas: inout CellCanvas, userId: String, frame: Rect) {
        let m = AmityChatMetrics.self
        let name = label(displayName(of: userId), font: typography[.body], color: theme.baseShade1, width: frame.width)
        let y = frame.y + (frame.height - m.nameHeight) / 2
        canvas.add(.name, Rect(x: frame.x, y: y, width: name.width, height: m.nameHeight), text: name)
    }

    /// The metadata row with its leading edge at `x` and its top at `y` (sender-side: an outgoing
    /// row ends `x` from the right edge): the deleted icon when deleted, 4 pt, then "Message
    /// deleted • time", "Edited • time", "Sending..." or the time (`ChatFormatting.metadata`).
    func addMetadataRow(to canvas: inout CellCanvas, message: ChatMessage, x: Double, y: Double, maxWidth: Double) {
        let m = AmityChatMetrics.self
        let icon = message.isShownDeleted ? m.deletedIconSize + m.statusIconSpacing : 0
        let text = label(
            formatting.metadata(for: message, isIncoming: isIncoming(message)), font: typography[.caption], color: theme.baseShade2,
            width: max(1, maxWidth - icon))
        let row = Rect(x: x, y: y, width: icon + text.width, height: m.metadataHeight)
        if message.isShownDeleted {
            canvas.add(
                .status, in: row,
                at: Rect(x: 0, y: (m.metadataHeight - m.deletedIconSize) / 2, width: m.deletedIconSize, height: m.deletedIconSize),
                .glyph(.messageDeleted, color: KitColors.deletedIcon))
        }
        canvas.add(
            .time, in: row, at: Rect(x: icon, y: 0, width: text.width, height: m.metadataHeight), .text(text.text, lines: text.lines))
        // "Edited" is tested before the state: an own edited message never shows it failed or sending.
        if !isIncoming(message), message.editedAt != nil, !message.isShownDeleted, message.state != .synced {
            canvas.note(.editedHidesState)
        }
    }

    /// Whether the kit shows the failed-message button: own messages whose sending failed, not
    /// edited (the edited branch of `setMetadata` never reveals it) and not deleted.
    func showsErrorButton(_ message: ChatMessage) -> Bool {
        !isIncoming(message) && message.state == .error && message.editedAt == nil && !message.isShownDeleted
    }

    /// The 25 × 25 failed-message button at `origin` (sender-side), its 16-pt icon centred;
    /// tapping it fires `deleteErrorMessage`.
    func addErrorButton(to canvas: inout CellCanvas, messageId: String, x: Double, y: Double) {
        let m = AmityChatMetrics.self
        let button = Rect(x: x, y: y, width: m.errorButtonSize, height: m.errorButtonSize)
        let inset = (m.errorButtonSize - m.statusIconSize) / 2
        canvas.add(
            .status, in: button, at: Rect(x: inset, y: inset, width: m.statusIconSize, height: m.statusIconSize),
            .glyph(.messageFailed, color: KitColors.failedIcon))
        canvas.action(.deleteErrorMessage, ["messageId": messageId], button)
    }

    /// The 1-pt red border of a flagged message's container, over its content, following its
    /// three rounded corners.
    func addFlagBorder(to canvas: inout CellCanvas, message: ChatMessage, around frame: Rect) {
        guard message.isFlagged else { return }
        canvas.add(.flag, frame, .box(fill: .clear, stroke: .uiKitRed, corners: AmityChatMetrics.bubbleCorners))
    }

    /// What the text, file and audio cells put around their bubble: the flag outline, and the
    /// failed-message button beside the bubble's trailing edge, level with its bottom.
    func addFlagBorderAndErrorButton(to canvas: inout CellCanvas, message: ChatMessage, bubble: Rect) {
        let m = AmityChatMetrics.self
        addFlagBorder(to: &canvas, message: message, around: bubble)
        if showsErrorButton(message) {
            addErrorButton(to: &canvas, messageId: message.id, x: bubble.maxX + m.errorButtonSpacing, y: bubble.maxY - m.errorButtonSize)
        }
    }

    /// A message image in its container (140 × 140 in the kit's cells): aspect-filled with every
    /// corner rounded 4 and `imageViewer` on tap; or, when it did not load, the kit's
    /// `default_message_image` (40 × 32, base shade 3) centred on the container's fill, no action,
    /// and a warning. Without `containerFill` (custom cells) only a failed image gets a box. An
    /// image under a view that takes its touches (`isCovered`: the veil of one being sent) opens
    /// no viewer.
    mutating func addImage(
        to canvas: inout CellCanvas, message: ChatMessage, frame: Rect, containerFill: Color?, isCovered: Bool = false, path: String
    ) {
        let m = AmityChatMetrics.self
        let ref = message.image?.src ?? ""
        if let containerFill { canvas.add(.bubble, frame, .box(fill: containerFill, corners: m.bubbleCorners)) }
        switch images.entry(ref) {
        case .loaded:
            canvas.add(.image, frame, .image(ref: ref, cornerRadius: m.bubbleRadius))
            if !isCovered { canvas.action(.imageViewer, ["messageId": message.id], frame) }
        case .failed(let reason):
            warnings.append("\(path).image.src: \(reason); drew a placeholder")
            // Others' container is the list's colour: the icon floats with no bubble around it.
            if containerFill != nil, isIncoming(message) { canvas.note(.brokenIncomingImage) }
            if containerFill == nil { canvas.add(.image, frame, .box(fill: theme.baseShade4, corners: .all(m.bubbleRadius))) }
            let side = (width: min(40, frame.width), height: min(32, frame.height))
            canvas.add(
                .image, in: frame,
                at: Rect(x: (frame.width - side.width) / 2, y: (frame.height - side.height) / 2, width: side.width, height: side.height),
                // The asset's own #A5A9B5 (not a template image) whatever the palette; in Feedshot's
                // own dark theme, where shades darken, baseShade1 keeps it at 3:1 (ContrastTests).
                .glyph(.imagePlaceholder, color: theme.appearance == .light ? KitColors.imagePlaceholder : theme.baseShade1))
        }
    }

    /// A translucent circle with a play triangle in the middle of `frame` (Feedshot's own video cell).
    func addPlayButton(to canvas: inout CellCanvas, in frame: Rect) {
        let side = 40.0
        let inner = Rect(x: (frame.width - side) / 2, y: (frame.height - side) / 2, width: side, height: side)
        canvas.add(.icon, in: frame, at: inner, .box(fill: Color.black.withAlpha(0.5), corners: .all(side / 2)))
        canvas.add(.icon, in: frame, at: inner, .glyph(.play, color: .white))
    }
}
