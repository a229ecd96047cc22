/// What each MessageKit container draws, at the frame its calculator sized.
extension MessageKitLayoutEngine {
    func bubbleShape(incoming: Bool, height: Double) -> (shape: BubbleShape, outlined: Bool)? {
        let radius = min(17, height / 2)
        let tail: BubbleShape.Tail = incoming ? .bottomLeft : .bottomRight
        switch settings.bubbleStyle {
        case .bubble: return (BubbleShape(radius: radius), false)
        case .bubbleTail: return (BubbleShape(radius: radius, tail: tail), false)
        case .bubbleTailPointed: return (BubbleShape(radius: radius, tail: tail, isPointed: true), false)
        case .bubbleOutline: return (BubbleShape(radius: radius), true)
        case .bubbleTailOutline: return (BubbleShape(radius: radius, tail: tail), true)
        case .none: return nil
        }
    }

    func addBubble(_ canvas: inout CellCanvas, _ frame: Rect, incoming: Bool, fill: Color? = nil) {
        guard let (shape, outlined) = bubbleShape(incoming: incoming, height: frame.height) else { return }
        let color = fill ?? (incoming ? incomingFill : outgoingFill)
        canvas.add(.bubble, frame, .bubble(shape, fill: outlined ? .clear : color, stroke: outlined ? color : nil))
    }

    mutating func draw(
        _ content: MessageKitContainer, in frame: Rect, incoming: Bool, override: MessageKitSettings.KindOverride?, message: ChatMessage,
        path: String,
        canvas: inout CellCanvas
    ) {
        let radius = min(17, frame.height / 2, frame.width / 2)
        switch content {
        case .text(let block, let insets, let hasBubble):
            if hasBubble { addBubble(&canvas, frame, incoming: incoming, fill: override?.color) }
            var text = block.text
            // On an outlined bubble the text takes the outline's colour.
            if [.bubbleOutline, .bubbleTailOutline].contains(settings.bubbleStyle), hasBubble {
                text.color = incoming ? textColorIncoming : outgoingFill
            }
            canvas.add(
                .text, Rect(x: frame.x + insets.left, y: frame.y + insets.top, width: block.width, height: block.height),
                .text(text, lines: block.lines))
        case .media(let ref, let isVideo):
            if images.isLoaded(ref) {
                canvas.add(.image, frame, .image(ref: ref, cornerRadius: radius))
            } else {
                let reason: String
                if case .failed(let why) = images.entry(ref) { reason = why } else { reason = "not loaded" }
                warnings.append("\(path).image.src: \(reason); drew a placeholder")
                canvas.add(.image, frame, .box(fill: palette.mediaPlaceholder, corners: .all(radius)))
                let side = min(32, frame.width / 2, frame.height / 2)
                canvas.add(
                    .icon, Rect(x: frame.midX - side / 2, y: frame.midY - side / 2, width: side, height: side),
                    .glyph(.photo, color: labelColor))
            }
            if isVideo {
                let side = 44.0
                let button = Rect(x: frame.midX - side / 2, y: frame.midY - side / 2, width: side, height: side)
                canvas.add(.icon, button, .box(fill: palette.mediaScrim, corners: .all(side / 2)))
                canvas.add(.icon, button, .glyph(.play, color: palette.onMedia))
            }
            canvas.action("imageDidTap", ["messageId": message.id, "index": "0"], frame)
        case .location:
            canvas.add(.image, frame, .box(fill: palette.map, corners: .all(radius)))
            // A sketch of streets, then the pin.
            for i in 1...3 {
                let y = frame.y + frame.height * Double(i) / 4
                canvas.add(
                    .icon, Rect(x: frame.x, y: y - 2, width: frame.width, height: 4), .box(fill: palette.mapStreet, corners: .none))
                let x = frame.x + frame.width * Double(i) / 4
                canvas.add(
                    .icon, Rect(x: x - 2, y: frame.y, width: 4, height: frame.height), .box(fill: palette.mapStreet, corners: .none))
            }
            let pin = 36.0
            canvas.add(
                .icon, Rect(x: frame.midX - pin / 2, y: frame.midY - pin, width: pin, height: pin),
                .glyph(.pin, color: palette.accent))
        case .audio(let duration):
            addBubble(&canvas, frame, incoming: incoming)
            let color = incoming ? textColorIncoming : palette.outgoingText
            let play = min(25, frame.height - 6)
            canvas.add(.icon, Rect(x: frame.x + 8, y: frame.midY - play / 2, width: play, height: play), .glyph(.play, color: color))
            let durationX = frame.maxX - 10 - duration.width
            canvas.add(
                .text, Rect(x: durationX, y: frame.midY - duration.height / 2, width: duration.width, height: duration.height),
                text: duration)
            let trackX = frame.x + 8 + play + 6
            canvas.add(
                .audio, Rect(x: trackX, y: frame.midY - 1, width: max(0, durationX - 6 - trackX), height: 2),
                .box(fill: color.withAlpha(0.6), corners: .all(1)))
        case .contact(let initials, let name, let insets):
            addBubble(&canvas, frame, incoming: incoming)
            let circle = min(30, frame.height - 8)
            let circleFrame = Rect(x: frame.x + insets.left - circle - 8, y: frame.midY - circle / 2, width: circle, height: circle)
            canvas.add(.icon, circleFrame, .box(fill: palette.contactCircle, corners: .all(circle / 2)))
            canvas.add(
                .text,
                Rect(
                    x: circleFrame.midX - initials.width / 2, y: circleFrame.midY - initials.height / 2, width: initials.width,
                    height: initials.height), text: initials)
            canvas.add(.text, Rect(x: frame.x + insets.left, y: frame.y + insets.top, width: name.width, height: name.height), text: name)
        case .linkPreview(let text, let insets, let title, let teaser, let host, let thumbnail):
            addBubble(&canvas, frame, incoming: incoming)
            canvas.add(.text, Rect(x: frame.x + insets.left, y: frame.y + insets.top, width: text.width, height: text.height), text: text)
            let image = Rect(
                x: frame.x + insets.left, y: frame.y + insets.top + text.height, width: MessageKitContainer.linkImageSize,
                height: MessageKitContainer.linkImageSize)
            if let thumbnail, images.isLoaded(thumbnail) {
                canvas.add(.image, image, .image(ref: thumbnail, cornerRadius: 4))
            } else {
                canvas.add(.image, image, .box(fill: palette.thumbnailPlaceholder, corners: .all(4)))
                canvas.add(
                    .icon, image.inset(by: EdgeInsets(top: 16, left: 16, bottom: 16, right: 16)),
                    .glyph(.photo, color: palette.thumbnailGlyph))
            }
            var y = image.y
            let x = image.maxX + MessageKitContainer.linkImageMargin
            for block in [title, teaser, host] where !block.text.string.isEmpty {
                canvas.add(.text, Rect(x: x, y: y, width: block.width, height: block.height), text: block)
                y += block.height
            }
            canvas.action("urlDidTap", ["url": message.messageKit.link?.url ?? ""], frame)
        case .custom(let color):
            canvas.add(.bubble, frame, .box(fill: color, corners: .none))
        }
    }

    /// The avatar: the user's image, or a grey circle with initials.
    func addAvatar(_ canvas: inout CellCanvas, userId: String, frame: Rect) {
        let ref = chat.users[userId]?.avatar ?? ""
        if images.isLoaded(ref) {
            canvas.add(.avatar, frame, .image(ref: ref, cornerRadius: frame.width / 2))
        } else {
            canvas.add(.avatar, frame, .box(fill: palette.avatarPlaceholder, corners: .all(frame.width / 2)))
            let name = chat.users[userId]?.displayName ?? userId
            let initials = label(
                MessageKitLayoutEngine.initials(name), size: frame.width * 0.4, weight: .semibold, color: palette.avatarInitials,
                width: frame.width)
            canvas.add(
                .text,
                Rect(
                    x: frame.midX - initials.width / 2, y: frame.midY - initials.height / 2, width: initials.width, height: initials.height),
                text: initials)
        }
        canvas.action("userDidTap", ["userId": userId], frame)
    }

    /// The typing indicator section: 62 tall, three dots in an incoming-coloured bubble.
    func typingIndicator(top: Double) -> LayoutItem {
        var canvas = CellCanvas(canvasWidth: width, top: top, isMirrored: false)
        let x0 = settings.sectionInset.left
        let height = settings.typingIndicatorHeight
        let bubble = Rect(x: x0 + 12, y: height - 8 - 40, width: 72, height: 40)
        canvas.add(.typingIndicator, Rect(x: x0, y: height - 10, width: 10, height: 10), .box(fill: incomingFill, corners: .all(5)))
        canvas.add(.typingIndicator, Rect(x: x0 + 6, y: height - 20, width: 14, height: 14), .box(fill: incomingFill, corners: .all(7)))
        canvas.add(.typingIndicator, bubble, .box(fill: incomingFill, corners: .all(20)))
        canvas.add(
            .icon, Rect(x: bubble.midX - 20, y: bubble.midY - 20, width: 40, height: 40), .glyph(.dots, color: palette.typingDots))
        return LayoutItem(
            id: "typing", type: "typingIndicator", frame: Rect(x: x0, y: top, width: itemWidth, height: height), elements: canvas.elements,
            actions: [])
    }
}
