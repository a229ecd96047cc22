import Foundation

/// Lays posts out as Amity's feed does: each post a stack of cells (header, text, gallery, files,
/// footer, comments, …, or the document's own components) on white, the feed background showing
/// in each header's clear top. One layout item per cell, `id` `<post>.<cell>`.
struct FeedLayoutEngine<Measurer: TextMeasuring> {
    let document: Document
    /// The app's fonts for the kit's text roles (the kit's defaults where the document sets none).
    var typography: Typography { document.typography }
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
        // The feed's table shows the secondary shade; a post's detail screen is white (its
        // pending variant keeps the feed's shade).
        let isDetail = feed.posts.count == 1 && feed.posts[0].display == .detail && !feed.posts[0].isPending
        return Layout(
            width: width, height: y, scale: document.scale, background: isDetail ? theme.background : theme.secondaryShade4, items: items,
            warnings: warnings)
    }

    /// Whether the layout will be mirrored as a whole (a right-to-left document): where positions
    /// inside a text are computed, they are placed so that the flip brings them over their text.
    var isMirrored: Bool { document.layoutDirection == .rightToLeft }

    func label(_ text: String, _ font: AmityFont, color: Color, width: Double, weight: FontSpec.Weight? = nil) -> TextBlock {
        var spec = typography[font]
        if let weight { spec.weight = weight }
        return TextBlock.measure(
            StyledText(text, font: spec, color: color), width: max(1, width), maxLines: 1, suffix: "…", measurer: measurer)
    }

    /// A label as wide as its text wants (a UILabel without a width constraint).
    func unboundedLabel(_ text: String, _ font: AmityFont, color: Color) -> TextBlock {
        TextBlock.measure(StyledText(text, font: typography[font], color: color), width: 100_000, measurer: measurer)
    }

    mutating func cell(_ component: PostComponent, post: Post, path: String, top: Double) -> LayoutItem {
        var canvas = CellCanvas(canvasWidth: width, top: top, isMirrored: false)
        let height: Double
        // The header and the placeholder keep the kit's clear top: the feed background between posts.
        var clearTop = 0.0
        switch component {
        case .header:
            height = header(post, &canvas, path: path)
            clearTop = FeedMetrics.postGap
        case .text: height = textCell(post, &canvas)
        case .gallery: height = gallery(post, &canvas, path: path)
        case .file: height = files(post, &canvas)
        case .footer: height = footer(post, &canvas)
        case .comments: height = 0  // a cell per comment: `cells` (PostCommentsCell.swift)
        case .poll: height = pollCell(post, &canvas)
        case .liveStream: height = liveStreamCell(post, &canvas, path: path)
        case .linkPreview: height = linkPreviewCell(post, &canvas, path: path)
        case .placeholder:
            height = placeholderCell(post, &canvas)
            clearTop = FeedMetrics.postGap
        case .pendingActions: height = pendingActionsCell(post, &canvas)
        case .custom(let custom): height = customCell(custom, post: post, &canvas, path: path)
        }
        var elements = canvas.elements
        // Every cell sits on the post's white (the theme's background).
        elements.insert(
            LayoutElement(
                role: .cell, frame: Rect(x: 0, y: top + clearTop, width: width, height: max(0, height - clearTop)),
                content: .box(fill: theme.background, corners: .none)), at: 0)
        let id = "\(post.id).\(component.idSuffix)"
        var item = LayoutItem(
            id: id, type: component.itemType, frame: Rect(x: 0, y: top, width: width, height: height), elements: elements,
            actions: canvas.actions)
        item.kitBehaviours = canvas.kitBehaviours
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
    /// The item id's suffix: the cell's name, or the custom cell's id.
    var idSuffix: String {
        if case .custom(let custom) = self { return custom.id }
        return itemType.rawValue
    }

    /// The item's type.
    var itemType: ItemType {
        switch self {
        case .header: .header
        case .text: .text
        case .gallery: .gallery
        case .file: .file
        case .footer: .footer
        case .comments: .comments
        case .poll: .poll
        case .liveStream: .liveStream
        case .linkPreview: .linkPreview
        case .placeholder: .placeholder
        case .pendingActions: .pendingActions
        case .custom: .custom
        }
    }
}
