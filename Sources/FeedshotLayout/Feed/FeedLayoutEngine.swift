import Foundation

/// Lays posts out as Amity's feed does: each post a stack of cells (header, text, gallery, files,
/// footer, comments, or the document's own components) on white, posts 8 apart on the feed
/// background. One layout item per cell, `id` `<post>.<cell>`.
struct FeedLayoutEngine<Measurer: TextMeasuring> {
    let document: Document
    let feed: Feed
    let measurer: Measurer
    let images: ImageCatalog
    let composers: PostComposers
    let calendar: Calendar
    let strings: Strings
    var warnings: [String] = []

    var theme: Theme { document.theme }
    var width: Double { document.width }

    init(document: Document, feed: Feed, measurer: Measurer, images: ImageCatalog, composers: PostComposers) {
        self.document = document
        self.feed = feed
        self.measurer = measurer
        self.images = images
        self.composers = composers
        let formatting = ChatFormatting(document)
        self.calendar = formatting.calendar
        self.strings = formatting.strings
    }

    mutating func layout(deadline: Deadline) throws(DeadlineExceeded) -> Layout {
        var items: [LayoutItem] = []
        var y = 0.0
        for (index, post) in feed.posts.enumerated() {
            try deadline.check()
            y += FeedMetrics.postGap
            let path = document.kind == .feed ? "posts[\(index)]" : "post"
            for component in composers.components(for: post) {
                for item in cells(component, post: post, path: path, top: y) {
                    items.append(item)
                    y += item.frame.height
                }
            }
            for item in commentListCells(post, path: path, top: y) {
                items.append(item)
                y += item.frame.height
            }
        }
        if !feed.posts.isEmpty { y += FeedMetrics.postGap }
        return Layout(width: width, height: y, scale: document.scale, background: theme.secondaryShade4, items: items, warnings: warnings)
    }

    func label(_ text: String, _ font: AmityFont, color: Color, width: Double, weight: FontSpec.Weight? = nil) -> TextBlock {
        var spec = font.spec
        if let weight { spec.weight = weight }
        return TextBlock.measure(
            StyledText(text, font: spec, color: color), width: max(1, width), maxLines: 1, suffix: "…", measurer: measurer)
    }

    mutating func cell(_ component: PostComponent, post: Post, path: String, top: Double) -> LayoutItem {
        var canvas = CellCanvas(canvasWidth: width, top: top, isMirrored: false)
        let height: Double
        let type: String
        switch component {
        case .header: (height, type) = (header(post, &canvas, path: path), "header")
        case .text: (height, type) = (textCell(post, &canvas), "text")
        case .gallery: (height, type) = (gallery(post, &canvas, path: path), "gallery")
        case .file: (height, type) = (files(post, &canvas), "file")
        case .footer: (height, type) = (footer(post, &canvas), "footer")
        case .comments: (height, type) = (0, "comments")  // a cell per comment: `cells` (PostCommentsCell.swift)
        case .custom(let custom): (height, type) = (customCell(custom, post: post, &canvas, path: path), "custom")
        }
        var elements = canvas.elements
        // Every cell sits on the post's white (the theme's background).
        elements.insert(
            LayoutElement(
                role: "cell", frame: Rect(x: 0, y: top, width: width, height: height), content: .box(fill: theme.background, corners: .none)
            ), at: 0)
        let id = "\(post.id).\(component.idSuffix)"
        var item = LayoutItem(
            id: id, type: type, frame: Rect(x: 0, y: top, width: width, height: height), elements: elements, actions: canvas.actions)
        if case .footer = component { item.shareMenu = feed.sharing.menu(for: post.origin).map(\.event) }
        return item
    }

    /// An avatar image, or the placeholder circle with a person.
    mutating func avatar(_ user: PostUser, frame: Rect, _ canvas: inout CellCanvas, path: String) {
        if let reason = canvas.addAmityAvatar(ref: user.avatar ?? "", userId: user.id, frame: frame, theme: theme, images: images) {
            warnings.append("\(path).avatar: \(reason); drew the placeholder")
        }
    }
}

extension PostComponent {
    var idSuffix: String {
        switch self {
        case .header: "header"
        case .text: "text"
        case .gallery: "gallery"
        case .file: "file"
        case .footer: "footer"
        case .comments: "comments"
        case .custom(let custom): custom.id
        }
    }
}
