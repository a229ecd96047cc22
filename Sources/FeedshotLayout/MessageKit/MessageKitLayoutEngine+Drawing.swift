/// What each container draws, at the frame its calculator sized: `MessageContainerView` (the
/// style's mask over the container's colour, for every kind) and each cell's views inside it.
extension MessageKitLayoutEngine {
    /// The container itself: its colour through the style's mask (an outlined style's line over
    /// it), or for `.none` a plain rectangle of its colour.
    func addContainer(_ canvas: inout CellCanvas, _ frame: Rect, style: MessageKitCellStyle, fill: Color? = nil) {
        let color = fill ?? style.bubbleColor
        if let shape = style.shape {
            guard color.alpha > 0 || style.stroke != nil else { return }
            canvas.add(.bubble, frame, .bubble(shape, fill: color, stroke: style.stroke))
        } else if color.alpha > 0 {
            canvas.add(.bubble, frame, .box(fill: color, corners: .none))
        }
    }

    mutating func draw(
        _ content: MessageKitContainer, in frame: Rect, style: MessageKitCellStyle, message: ChatMessage, path: String,
        canvas: inout CellCanvas
    ) {
        switch content {
        case .text(let block, let insets, let matches, let mentions):
            addContainer(&canvas, frame, style: style)
            let text = Rect(x: frame.x + insets.left, y: frame.y + insets.top, width: block.width, height: block.height)
            canvas.add(.text, text, text: block)
            addTextActions(&canvas, block: block, frame: text, matches: matches, mentions: mentions, style: style, message: message)
        case .media(let ref, let isVideo):
            drawMedia(ref: ref, isVideo: isVideo, in: frame, style: style, message: message, path: path, canvas: &canvas)
        case .location:
            drawLocation(in: frame, style: style, canvas: &canvas)
        case .audio(let duration):
            drawAudio(duration: duration, in: frame, style: style, message: message, canvas: &canvas)
        case .contact(let initials, let name):
            drawContact(initials: initials, name: name, in: frame, style: style, message: message, canvas: &canvas)
        case .linkPreview(let preview):
            addContainer(&canvas, frame, style: style)
            drawLinkPreview(preview, in: frame, message: message, canvas: &canvas)
            addTextActions(
                &canvas, block: preview.text, frame: preview.textFrame(in: frame), matches: preview.matches, mentions: [], style: style,
                message: message)
        case .custom(let color):
            canvas.add(.bubble, frame, .box(fill: color, corners: .none))
        }
        canvas.action(.didTapMessage, ["messageId": message.id], frame)
    }

    /// `MediaMessageCell`: the image aspect-filled and masked by the style; a video's
    /// `PlayButtonView` (35 pt, centred: a light blur disc, a black triangle half its size moved
    /// right by an eighth of that). A photo that did not load shows the container's colour and a glyph.
    mutating func drawMedia(
        ref: String, isVideo: Bool, in frame: Rect, style: MessageKitCellStyle, message: ChatMessage, path: String, canvas: inout CellCanvas
    ) {
        if let reason = images.failure(ref) {
            warnings.append("\(path).image.src: \(reason); drew a placeholder")
            addContainer(&canvas, frame, style: style)
            let side = min(32, frame.width / 2, frame.height / 2)
            canvas.add(
                .icon, Rect(x: frame.midX - side / 2, y: frame.midY - side / 2, width: side, height: side),
                .glyph(.photo, color: palette.placeholderGlyph))
        } else {
            // The image view fills the container and covers its colour (and an outline image)
            // where the image is opaque; where it is not (a sticker's PNG), the colour shows
            // (`MessageContentCell.swift:154`: every kind's container takes the message colour).
            let fill = style.bubbleColor.alpha > 0 ? style.bubbleColor : nil
            canvas.add(.image, frame, .image(ref: ref, cornerRadius: 0, mask: style.shape, fill: fill))
        }
        if isVideo {
            let side = 35.0
            let button = Rect(x: frame.midX - side / 2, y: frame.midY - side / 2, width: side, height: side)
            canvas.add(.icon, button, .box(fill: palette.playDisc, corners: .all(side / 2)))
            let triangle = side / 2
            canvas.add(
                .icon, Rect(x: button.midX - triangle / 2 + triangle / 8, y: button.midY - triangle / 2, width: triangle, height: triangle),
                .glyph(.playTriangle, color: palette.playTriangle))
        }
        canvas.action(.didTapImage, ["messageId": message.id], frame)
    }

    /// `LocationMessageCell` shows a map snapshot Feedshot cannot take: the container's shape
    /// filled with a map colour (the snapshot covers an outline), streets where its edges are
    /// straight, and a pin.
    func drawLocation(in frame: Rect, style: MessageKitCellStyle, canvas: inout CellCanvas) {
        if let shape = style.shape {
            canvas.add(.image, frame, .bubble(shape, fill: palette.map, stroke: nil))
        } else {
            canvas.add(.image, frame, .box(fill: palette.map, corners: .none))
        }
        // Streets inside the body: clear of the rounded corners and of the tail's side.
        let corner = style.shape == nil ? 0 : BubbleShape.cornerRadius
        let tailSide = style.shape?.tail == nil ? 0.0 : 7
        let tailLeft = style.shape?.tail.map { $0.corner == .bottomLeft || $0.corner == .topLeft } ?? false
        let body = Rect(x: frame.x + (tailLeft ? tailSide : 0), y: frame.y, width: frame.width - tailSide, height: frame.height)
        for i in 1...3 {
            let y = body.y + body.height * Double(i) / 4
            if y - 2 >= body.minY + corner, y + 2 <= body.maxY - corner {
                canvas.add(.icon, Rect(x: body.x, y: y - 2, width: body.width, height: 4), .box(fill: palette.mapStreet, corners: .none))
            }
            let x = body.x + body.width * Double(i) / 4
            if x - 2 >= body.minX + corner, x + 2 <= body.maxX - corner {
                canvas.add(.icon, Rect(x: x - 2, y: body.y, width: 4, height: body.height), .box(fill: palette.mapStreet, corners: .none))
            }
        }
        let pin = min(36, frame.width / 2, frame.height / 2)
        canvas.add(.icon, Rect(x: frame.midX - pin / 2, y: frame.midY - pin, width: pin, height: pin), .glyph(.pin, color: palette.accent))
    }

    /// `AudioMessageCell`: the 25-pt play button 12 (incoming) or 5 (outgoing) from the left, the
    /// duration's right edge 8 or 15 from the right, the progress view 5 from each, all centred
    /// vertically and tinted.
    func drawAudio(duration: TextBlock, in frame: Rect, style: MessageKitCellStyle, message: ChatMessage, canvas: inout CellCanvas) {
        addContainer(&canvas, frame, style: style)
        let incoming = message.from != chat.me
        let play = Rect(x: frame.x + (incoming ? 12 : 5), y: frame.midY - 12.5, width: 25, height: 25)
        canvas.add(.audio, play, .glyph(.playCircle, color: style.audioTint))
        let durationX = frame.maxX - (incoming ? 8 : 15) - duration.width
        canvas.add(
            .audio, Rect(x: durationX, y: frame.midY - duration.height / 2, width: duration.width, height: duration.height), text: duration)
        // `UIProgressView(.default)` at progress 0: its track only (4 pt, rounded).
        let trackX = play.maxX + 5
        canvas.add(
            .audio, Rect(x: trackX, y: frame.midY - 2, width: max(0, durationX - 5 - trackX), height: 4),
            .box(fill: palette.progressTrack, corners: .all(2)))
        canvas.action(
            .didTapPlayButton, ["messageId": message.id], play.inset(by: EdgeInsets(top: -10, left: -10, bottom: -10, right: -10)))
    }

    /// `ContactMessageCell` (`setupConstraints`, `configure`): the 26-pt initials circle
    /// (`collectionViewBackground`) 10 (incoming) or 5 (outgoing) from the left, the 20-pt
    /// disclosure slot 5 (incoming) or 10 (outgoing) from the right, and the name label between
    /// them, 10 after the circle and 5 before the slot, as tall as the container — so always 76
    /// narrower than it, whatever the contact insets the name was measured with: with the
    /// defaults (76 across) it is the measured name; with narrower insets the name wraps in it and
    /// keeps the lines that fit (`numberOfLines = 0`, truncating the last), centred vertically. The
    /// disclosure image is never found (the asset is named "disclouser"): nothing is drawn there. The container's mask cuts the circle where the container is less
    /// than 26 tall (a contact with no name: `MessageContainerView.swift:57-76`). Initials wider
    /// than the circle (footnote at the largest text sizes) end in "…", as the kit's one-line label
    /// cuts them: a kit behaviour.
    func drawContact(
        initials: TextBlock, name: TextBlock, in frame: Rect, style: MessageKitCellStyle, message: ChatMessage, canvas: inout CellCanvas
    ) {
        addContainer(&canvas, frame, style: style)
        if initials.isTruncated { canvas.note(.messageKitContactInitials) }
        let incoming = message.from != chat.me
        let circle = Rect(x: frame.x + (incoming ? 10 : 5), y: frame.midY - 13, width: 26, height: 26)
        canvas.add(.icon, circle, .box(fill: palette.background, corners: .all(13)), clip: frame)
        canvas.add(
            .icon, Rect(x: circle.x, y: circle.midY - initials.height / 2, width: 26, height: initials.height), text: initials,
            clip: frame)
        let nameX = circle.maxX + 10
        // Circle leading (10 or 5), 26, 10; 5, disclosure 20, its trailing (5 or 10): 76 either way.
        let labelWidth = max(0, frame.width - 76)
        let label =
            name.width <= labelWidth
            ? name : TextBlock.measure(name.text, width: labelWidth, measurer: measurer).fitted(toHeight: frame.height, measurer: measurer)
        canvas.add(.text, Rect(x: nameX, y: frame.midY - label.height / 2, width: label.width, height: label.height), text: label)
    }
}
