/// One message's cell: its settings resolved, its label heights, its calculator's container, and
/// `MessageContentCell`'s views in their subview order — accessory view, cell top, message top,
/// message bottom and cell bottom labels, container, avatar.
extension MessageKitLayoutEngine {
    mutating func cell(for message: ChatMessage, previous: ChatMessage?, path: String, top: Double) -> LayoutItem {
        if isExampleCustomCell(message) { return exampleCustomCell(message, top: top) }
        let incoming = message.from != chat.me
        let kind = message.type.name
        let own = message.messageKit.options
        let key = incoming ? "<" + kind : ">" + kind
        let shared = optionsByKindAndSide[key] ?? settings.options(kind: kind, isIncoming: incoming, message: MessageKitOptions())
        optionsByKindAndSide[key] = shared
        let options = own == MessageKitOptions() ? shared : own.merged(over: shared)
        let calculator = settings.kinds[kind]
        let kindColor = (incoming ? calculator?.incoming : calculator?.outgoing)?.bubble.color ?? calculator?.options.bubble.color
        var style = MessageKitCellStyle(
            options, isIncoming: incoming, kind: kind, ownColor: own.bubble.color ?? kindColor, palette: palette)
        if style.bubbleStyle == .customImageTail {
            // A problem is told of where the option is set: once for a level's option (the
            // warnings' "(N times)"), however many messages it bubbles.
            func source(_ isSet: (MessageKitOptions) -> Bool) -> String {
                if isSet(own) { return "\(path).messageKit" }
                return settings.levels(kind: kind, isIncoming: incoming).first { isSet($0.options) }?.path ?? path
            }
            style.stretchedImage = resolvingBubbleImage(
                style, stylePath: source { $0.bubble.style != nil }, imagePath: source { $0.bubble.image != nil })
        }
        var heights: [MessageKitOptions.LabelKind: Double] = [:]
        for label in MessageKitOptions.LabelKind.allCases {
            heights[label] = labelHeight(label, options: options, own: own, message: message, previous: previous)
        }
        var attributes = MessageKitGeometry.Attributes(
            itemWidth: itemWidth, container: Size(width: 0, height: 0), padding: style.padding, avatar: style.avatarSize,
            avatarLeading: style.avatarLeading, avatarVertical: style.avatarVertical,
            avatarPadding: settings.kinds[kind]?.avatarLeadingTrailingPadding ?? settings.avatarLeadingTrailingPadding,
            cellTopLabel: heights[.cellTop] ?? 0, messageTopLabel: heights[.messageTop] ?? 0,
            messageBottomLabel: heights[.messageBottom] ?? 0, cellBottomLabel: heights[.cellBottom] ?? 0,
            accessory: style.accessorySize, accessoryPaddingLeft: style.accessory.paddingLeft ?? 0,
            accessoryPaddingRight: style.accessory.paddingRight ?? 0, accessoryPosition: style.accessory.position ?? .messageCenter)
        let maxWidth = MessageKitGeometry.containerMaxWidth(attributes)
        let (content, size) = container(for: message, style: style, maxWidth: maxWidth, path: path)
        attributes.container = size
        let frames = MessageKitGeometry.frames(attributes)

        var canvas = CellCanvas(canvasWidth: width, top: top, isMirrored: false)
        let x0 = settings.sectionInset.left
        addAccessory(&canvas, frames.accessory.offsetBy(dx: x0), style: style, message: message)
        let labelFrames: [(MessageKitOptions.LabelKind, Rect)] = [
            (.cellTop, frames.cellTopLabel), (.messageTop, frames.messageTopLabel), (.messageBottom, frames.messageBottomLabel),
            (.cellBottom, frames.cellBottomLabel),
        ]
        for (label, frame) in labelFrames {
            addLabel(
                label, frame: frame.offsetBy(dx: x0), options: options.labels[label], incoming: incoming, message: message, canvas: &canvas)
        }
        draw(content, in: frames.container.offsetBy(dx: x0), style: style, message: message, path: path, canvas: &canvas)
        addAvatar(&canvas, frame: frames.avatar.offsetBy(dx: x0), style: style, message: message)
        var item = LayoutItem(
            id: message.id, type: .message(message.type, isIncoming: incoming),
            frame: Rect(x: x0, y: top, width: itemWidth, height: frames.height),
            elements: canvas.elements, actions: MessageKitLayoutEngine.inHitTestOrder(canvas.actions))
        // `MessagesCollectionView.handleTapGesture` hands a tap to the cell under it: an action
        // reaching past the cell (the play button's 10-point margin) is cut at its frame.
        item.actions = item.actions.compactMap { action in
            var action = action
            guard let inside = action.frame.intersection(item.frame) else { return nil }
            action.frame = inside
            return action
        }
        item.actions.append(LayoutAction(event: .didTapBackground, arguments: ["messageId": message.id], frame: item.frame))
        item.kitBehaviours = canvas.kitBehaviours
        return item
    }

    /// `actions` in the order `MessageContentCell.handleTapGesture` tests its views, the first that
    /// holds a point taking the tap (`Sources/Views/Cells/MessageContentCell.swift:170-192`): the
    /// container's content — a detected range, the image, the play button, a link preview, each
    /// cell's own override — then the container, the avatar, the cell top and bottom labels, the
    /// message top and bottom labels, the accessory view; and else the background, the cell's
    /// whole frame, `didTapBackground` (appended by the caller). Views that overlap (a centred
    /// avatar taller than the container lifts labels over others) take taps in that order.
    static func inHitTestOrder(_ actions: [LayoutAction]) -> [LayoutAction] {
        func rank(_ event: LayoutEvent) -> Int {
            switch event {
            case .didTapMessage: 1
            case .didTapAvatar: 2
            case .didTapCellTopLabel: 3
            case .didTapCellBottomLabel: 4
            case .didTapMessageTopLabel: 5
            case .didTapMessageBottomLabel: 6
            case .didTapAccessoryView: 7
            default: 0
            }
        }
        return actions.indices.sorted { (rank(actions[$0].event), $0) < (rank(actions[$1].event), $1) }.map { actions[$0] }
    }

    /// The label's height for this message: the message's own answer, else the levels' height
    /// where the label's rule shows it (the delegates' default: 0).
    func labelHeight(
        _ label: MessageKitOptions.LabelKind, options: MessageKitOptions, own: MessageKitOptions, message: ChatMessage,
        previous: ChatMessage?
    ) -> Double {
        if let height = own.labels[label].height { return height }
        let rule: MessageKitOptions.LabelRule
        switch label {
        case .cellTop: rule = options.labels[label].show ?? .newDay
        case .messageTop: rule = options.labels[label].show ?? .newSender
        case .messageBottom, .cellBottom: rule = options.labels[label].show ?? .always
        }
        let applies: Bool
        switch rule {
        case .always: applies = true
        case .newDay: applies = previous.map { formatting.dayKey($0.sentAt) != formatting.dayKey(message.sentAt) } ?? true
        case .newSender: applies = previous?.from != message.from
        }
        return applies ? options.labels[label].height ?? 0 : 0
    }

    /// `configureAccessoryView`: MessageKit draws nothing in it; a document may fill it.
    func addAccessory(_ canvas: inout CellCanvas, _ frame: Rect, style: MessageKitCellStyle, message: ChatMessage) {
        guard frame.width > 0, frame.height > 0 else { return }
        if let color = style.accessory.color {
            let radius = min(style.accessory.cornerRadius ?? 0, min(frame.width, frame.height) / 2)
            canvas.add(.accessoryView, frame, .box(fill: color, corners: .all(radius)))
        }
        canvas.action(.didTapAccessoryView, ["messageId": message.id], frame)
    }

    /// `AvatarView`: the user's picture, or the placeholder — `avatarViewBackground` behind the
    /// initials in caption1, white (MessageKit's default display delegate sets "?"); a picture the
    /// document names that did not load is warned about, as in the Amity profile.
    mutating func addAvatar(_ canvas: inout CellCanvas, frame: Rect, style: MessageKitCellStyle, message: ChatMessage) {
        guard frame.width > 0, frame.height > 0 else { return }
        // A hidden avatar still takes its taps: `MessageContentCell.handleTapGesture` tests the
        // avatar view's frame, hidden or not.
        canvas.action(.didTapAvatar, ["messageId": message.id, "userId": message.from], frame)
        guard !style.avatarHidden else { return }
        let radius = min(style.avatarCornerRadius ?? .infinity, min(frame.width, frame.height) / 2)
        let ref = chat.users[message.from]?.avatar ?? ""
        if images.isLoaded(ref) {
            // The view's background stays under the picture (`AvatarView.swift:112`).
            canvas.add(.avatar, frame, .image(ref: ref, cornerRadius: radius, fill: style.avatarColor.alpha > 0 ? style.avatarColor : nil))
        } else {
            if !ref.isEmpty, let reason = images.failure(ref) {
                warnings.append("users.\(message.from).avatar: \(reason); drew the initials")
            }
            canvas.add(.avatar, frame, .box(fill: style.avatarColor, corners: .all(radius)))
            let name = chat.users[message.from]?.displayName ?? message.from
            let text = style.avatarInitialsFromName ? MessageKitLayoutEngine.initials(name) : style.avatarInitials
            // The text's rectangle, per `AvatarView.calculateTextRect`. MessageKit draws the text into
            // an image of the avatar's size, clipped by its circle; Feedshot cannot clip text, so
            // the font is held to 0.6 of the avatar's height (caption1 is larger only at the
            // accessibility sizes).
            let side = min(frame.width, frame.height) * 2.0.squareRoot() - 4
            let font = FontSpec(size: min(size(.caption1), 0.6 * frame.height))
            let initials = line(StyledText(text, font: font, color: palette.avatarInitials, alignment: .center), width: side)
            canvas.add(
                .avatar, Rect(x: frame.midX - side / 2, y: frame.midY - initials.height / 2, width: side, height: initials.height),
                text: initials)
        }
    }
}

extension MessageKitLayoutEngine {
    /// `.customImageTail`'s image at its size in points (pixels over its `scale`, else the
    /// document's), turned to the tail's corner; nil, with a warning, when the document gives
    /// none or it did not load — the cell then draws the curved tail (`MessageKitCellStyle.shape`).
    mutating func resolvingBubbleImage(_ style: MessageKitCellStyle, stylePath: String, imagePath: String) -> BubbleShape.StretchedImage? {
        let fallback = "drew MessageKit's curved tail in its place, as the Example app does without its image"
        guard let image = style.bubbleImage else {
            warnings.append("\(stylePath).bubble.style: customImageTail has no bubble.image; \(fallback)")
            return nil
        }
        switch images.entry(image.src) {
        case .loaded(let width, let height):
            let scale = image.scale ?? Double(document.scale)
            return BubbleShape.StretchedImage(
                ref: image.src, width: Double(width) / scale, height: Double(height) / scale, corner: style.tail.corner)
        case .failed(let reason):
            warnings.append("\(imagePath).bubble.image.src \"\(image.src)\": \(reason); \(fallback)")
            return nil
        }
    }
}
