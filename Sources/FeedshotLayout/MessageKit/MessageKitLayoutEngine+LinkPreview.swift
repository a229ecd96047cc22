/// `LinkPreviewMessageSizeCalculator` and `LinkPreviewMessageCell` (docs/conformance/messagekit.md,
/// "Link preview").
extension MessageKitLayoutEngine {
    /// The calculator: the text at `max(text max width, 0.75 × the collection view's width)`, the
    /// container at least that wide, and `text + insets + max(60, title + teaser + domain) + insets`
    /// tall — the vertical insets counted twice, the labels' 3-pt gaps not at all.
    mutating func linkPreview(_ message: ChatMessage, style: MessageKitCellStyle, maxWidth: Double, font: FontSpec, path: String) -> (
        MessageKitContainer, Size
    ) {
        let link = message.messageKit.link ?? MessageKitContent.Link(url: "", teaser: "")
        let insets = style.labelInsets
        let linkMaxWidth = max(maxWidth - insets.horizontal, width * 0.75)
        // `LinkItem.text` has priority over `attributedText` (`Sources/Protocols/LinkItem.swift:31-33`).
        if message.text != nil, !message.messageKit.runs.isEmpty {
            warnings.append(
                "\(path).runs: not drawn: a link preview's \"text\" comes first (MessageKit's LinkItem.text has priority over attributedText)"
            )
        }
        let attributed =
            message.text != nil || message.messageKit.runs.isEmpty
            ? AttributedRuns(text: StyledText(message.text ?? link.url, font: font, color: style.textColor))
            : attributed(message.messageKit.runs, font: FontSpec(size: 17), color: palette.label)
        let (styled, matches, isDarkTextUnreadable) = detecting(attributed.text, links: attributed.links, style: style, path: path)
        var text = measure(styled, width: linkMaxWidth)
        if isDarkTextUnreadable { text.kitBehaviours.append(.messageKitDarkDetectedText) }
        var size = Size(width: max(text.width + insets.horizontal, linkMaxWidth), height: text.height + insets.vertical)
        let minHeight = size.height + MessageKitContainer.linkImageSize
        let labelsWidth = size.width - (MessageKitContainer.linkImageSize + MessageKitContainer.linkImageMargin + insets.horizontal)
        let fonts = linkPreviewFonts
        let title = measure(StyledText(link.title ?? "", font: fonts.title, color: style.textColor), width: labelsWidth)
        let teaser = measure(StyledText(link.teaser, font: fonts.teaser, color: style.textColor), width: labelsWidth)
        // Measured as `url.host`, drawn as `url.host?.lowercased()`.
        let host = link.host ?? ""
        let measuredDomain = measure(StyledText(host, font: fonts.domain, color: style.textColor), width: labelsWidth)
        let domain = measure(StyledText(host.lowercased(), font: fonts.domain, color: style.textColor), width: labelsWidth)
        size.height += title.height + teaser.height + measuredDomain.height
        size.height = max(minHeight, size.height) + insets.vertical
        if let thumbnail = link.thumbnail, let reason = images.failure(thumbnail) {
            warnings.append("\(path).link.thumbnail: \(reason); drew a placeholder")
        }
        let preview = MessageKitContainer.LinkPreview(
            text: text, insets: insets, matches: matches, title: title, teaser: teaser, domain: domain, thumbnail: link.thumbnail,
            url: link.url)
        return (.linkPreview(preview), size)
    }

    /// The calculator's fonts: the title 13-pt semibold scaled as footnote, the teaser caption2,
    /// the domain 12-pt semibold scaled as caption1 (`UIFontMetrics.scaledFont(for:)`).
    var linkPreviewFonts: (title: FontSpec, teaser: FontSpec, domain: FontSpec) {
        (
            FontSpec(size: MessageKitTextStyle.footnote.scaled(13, at: document.textSize), weight: .semibold),
            FontSpec(size: size(.caption2)),
            FontSpec(size: MessageKitTextStyle.caption1.scaled(12, at: document.textSize), weight: .semibold)
        )
    }

    /// `LinkPreviewMessageCell`: the text at the insets' top left; the `LinkPreviewView` inset by
    /// the label insets at the sides and pinned `insets.bottom` above the container's bottom,
    /// `max(60, title + 3 + teaser + 3 + domain)` tall; in it the 60-pt thumbnail (aspect-filled,
    /// square corners) and, 8 pt to its right, the title at the top, the domain at the bottom and
    /// the teaser stretched between them, its text centred in it.
    func drawLinkPreview(_ preview: MessageKitContainer.LinkPreview, in frame: Rect, message: ChatMessage, canvas: inout CellCanvas) {
        let insets = preview.insets
        canvas.add(.text, preview.textFrame(in: frame), text: preview.text)
        let gap = MessageKitContainer.linkLabelGap, side = MessageKitContainer.linkImageSize
        let viewHeight = max(side, preview.title.height + gap + preview.teaser.height + gap + preview.domain.height)
        let view = Rect(
            x: frame.x + insets.left, y: frame.maxY - insets.bottom - viewHeight, width: frame.width - insets.horizontal, height: viewHeight
        )
        let image = Rect(x: view.x, y: view.y, width: side, height: side)
        if let thumbnail = preview.thumbnail, images.isLoaded(thumbnail) {
            canvas.add(.image, image, .image(ref: thumbnail, cornerRadius: 0))
        } else {
            // `LinkItem.thumbnailImage` is not optional in MessageKit; Feedshot draws a glyph for a missing one.
            canvas.add(
                .icon, image.inset(by: EdgeInsets(top: 16, left: 16, bottom: 16, right: 16)),
                .glyph(.photo, color: palette.placeholderGlyph))
        }
        let labelsX = view.x + side + MessageKitContainer.linkImageMargin
        let labelsWidth = max(0, view.maxX - labelsX)
        if !preview.title.lines.isEmpty {
            canvas.add(.text, Rect(x: labelsX, y: view.y, width: labelsWidth, height: preview.title.height), text: preview.title)
        }
        let domainY = view.maxY - preview.domain.height
        if !preview.domain.lines.isEmpty {
            canvas.add(.text, Rect(x: labelsX, y: domainY, width: labelsWidth, height: preview.domain.height), text: preview.domain)
        }
        if !preview.teaser.lines.isEmpty {
            let top = view.y + preview.title.height + gap, bottom = domainY - gap
            let y = top + (bottom - top - preview.teaser.height) / 2
            canvas.add(.text, Rect(x: labelsX, y: y, width: labelsWidth, height: preview.teaser.height), text: preview.teaser)
        }
        // `handleTapGesture` tests the touch in the view's own coordinates against its frame in
        // the container's (`LinkPreviewMessageCell.swift:77-85`): what opens the URL is the view
        // moved by its own offset in the container (cut to the cell, as every action is).
        canvas.action(
            .didSelectURL, ["messageId": message.id, "url": preview.url], view.offsetBy(dx: view.x - frame.x, dy: view.y - frame.y))
        canvas.note(.messageKitLinkPreviewTap)
    }
}

extension MessageKitContainer.LinkPreview {
    /// Where the message's text is drawn in a container at `frame`: inside its insets, at the
    /// size it was measured.
    func textFrame(in frame: Rect) -> Rect {
        Rect(x: frame.x + insets.left, y: frame.y + insets.top, width: text.width, height: text.height)
    }
}
