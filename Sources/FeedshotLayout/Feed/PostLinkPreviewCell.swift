import Foundation

/// The link preview of a text post with a link (`PreviewLink/AmityPreviewLinkCell.xib` and
/// `.swift`): a card 0.32 of the screen's height, 8 from the cell's top and bottom and 16 from its
/// sides (white, radius 6, a 0.5-point light grey border) — the page's image aspect-filled at the
/// top, the host (caption, grey) 13 below it, the title (semibold, black, 2 lines) 5 below that
/// and 12 above the card's bottom. Without metadata: the broken-link image, "Preview not
/// available" and the advice; while loading, the spinner alone.
struct PostLinkPreviewCell<Measurer: TextMeasuring>: FeedCell {
    var context: FeedContext<Measurer>

    mutating func layout(_ post: Post, _ canvas: inout CellCanvas, path: String) -> Double {
        let m = FeedMetrics.self
        // UIKit places the card on the device's pixel grid: 259.84 becomes 260 at @2x and @3x.
        let scale = Double(document.scale)
        let cardHeight = (feed.screenHeight * m.linkPreviewScreenFraction * scale).rounded() / scale
        let card = Rect(x: m.margin, y: m.linkPreviewInset, width: width - 2 * m.margin, height: cardHeight)
        let height = cardHeight + 2 * m.linkPreviewInset
        let preview = post.linkPreview ?? PostLinkPreview(state: .failed)
        let url = preview.url ?? PostLinkPreview.url(in: post.text ?? "") ?? ""
        guard preview.state != .loading else {
            canvas.add(
                .icon, Rect(x: width / 2 - 10, y: height / 2 - 10, width: 20, height: 20), .glyph(.activityIndicator, color: KitColors.gray)
            )
            return height
        }
        // The card is white with black text in any theme: UIKit literals (AmityPreviewLinkCell.xib:40, .swift:64-69).
        if theme.appearance == .dark { canvas.note(.whiteLinkPreview) }
        canvas.add(.bubble, card, .box(fill: KitColors.lightGray, corners: .all(m.linkPreviewRadius)))
        canvas.add(
            .bubble,
            Rect(x: card.x + m.linkPreviewBorder, y: card.y + m.linkPreviewBorder, width: card.width - 1, height: card.height - 1),
            .box(fill: .white, corners: .all(m.linkPreviewRadius - m.linkPreviewBorder)))
        let isLoaded = preview.state == .loaded
        let labelX = card.x + m.linkPreviewLabelX
        let host = label(
            isLoaded ? LinkDetector.host(of: url) ?? url : strings(.previewNotAvailable), isLoaded ? .caption : .bodyBold,
            color: isLoaded ? KitColors.gray : .black, width: card.width - 2 * m.linkPreviewLabelX)
        let titleText = isLoaded ? preview.title ?? "" : strings(.previewCheckURL)
        let titleWidth = card.width - m.linkPreviewLabelX - 10
        let title = TextBlock.measure(
            StyledText(titleText, font: typography[isLoaded ? .bodyBold : .body], color: isLoaded ? .black : KitColors.gray),
            width: titleWidth, maxLines: m.linkPreviewTitleMaxLines, suffix: "…", measurer: measurer
        ).alignedToLeadingEdge(isMirrored: isMirrored)
        let titleY = card.maxY - m.linkPreviewBottom - title.height
        let hostY = titleY - m.linkPreviewTitleTop - host.height
        // Inside the border, which the kit draws over the card's clipped content. The image view
        // has no corners of its own (`AmityPreviewLinkCell.xib:24`): the card's clip (radius 6,
        // `.swift:40,43`) rounds its top corners; its bottom ones, inside the card, are square.
        let b = m.linkPreviewBorder
        let imageCorners = CornerRadii(
            topLeft: m.linkPreviewRadius - b, topRight: m.linkPreviewRadius - b, bottomRight: 0, bottomLeft: 0)
        let imageFrame = Rect(
            x: card.x + b, y: card.y + b, width: card.width - 2 * b, height: max(0, hostY - m.linkPreviewHostTop - card.y - b))
        if isLoaded, let ref = preview.image, images.isLoaded(ref) {
            canvas.add(.image, imageFrame, .image(ref: ref, corners: imageCorners))
        } else {
            if isLoaded, let ref = preview.image, case .failed(let reason) = images.entry(ref), !ref.isEmpty {
                warnings.append("\(path).linkPreview.image: \(reason); drew the kit's empty image")
            }
            canvas.add(.image, imageFrame, .glyph(isLoaded ? .linkPreviewImage : .linkPreviewBroken, color: theme.base))
        }
        canvas.add(.text, text: host, at: labelX, hostY)
        canvas.add(.text, text: title, at: labelX + title.naturalOffset(inLabelWidth: titleWidth, isMirrored: isMirrored), titleY)
        canvas.feedshotAction(.linkPreviewDidTap, ["postId": post.id, "url": url], card)
        return height
    }
}

extension PostLinkPreview {
    /// The URL the kit previews: the first detected link's text, with `https://` put before it
    /// unless it starts with "http" (`Utilities/AmityPreviewLinkWizard.swift:33-39`) — so an
    /// e-mail address or an `ftp://` link is previewed as an https URL, as the kit does.
    static func url(in text: String) -> String? {
        guard let link = LinkDetector.firstLink(in: text) else { return nil }
        let matched = String(decoding: Array(text.utf8)[link.range], as: UTF8.self)
        return matched.hasPrefix("http") ? matched : "https://" + matched
    }
}
