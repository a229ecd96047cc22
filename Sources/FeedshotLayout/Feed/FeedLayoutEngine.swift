import Foundation

/// Lays posts out as Amity's feed does: each post a stack of cells (header, text, gallery, files,
/// footer, comments, …, or the document's own components) on white, the feed background showing
/// in each header's clear top. One layout item per cell, `id` `<post>.<cell>`.
struct FeedLayoutEngine<Measurer: TextMeasuring>: FeedCell {
    var context: FeedContext<Measurer>

    init(context: FeedContext<Measurer>) {
        self.context = context
    }

    init(document: Document, feed: Feed, measurer: Measurer, images: ImageCatalog, composers: PostComposers) {
        self.init(context: FeedContext(document: document, feed: feed, measurer: measurer, images: images, composers: composers))
    }

    mutating func layout(deadline: Deadline) throws(DeadlineExceeded) -> Layout {
        var items: [LayoutItem] = []
        var y = 0.0
        for (index, post) in feed.posts.enumerated() {
            try deadline.check()
            let path = document.kind == .feed ? "posts[\(index)]" : "post"
            for component in context.composers.components(for: post) {
                for item in cells(component, post: post, path: path, top: y) {
                    items.append(item)
                    y += item.frame.height
                }
            }
            for item in with(PostDetailComments<Measurer>.self, { $0.layout(post, path: path, top: y) }) {
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

    /// A component's cells: one per preview comment (and "View all comments...") for `comments`
    /// (`PostCommentsCell`), the component's one cell otherwise.
    mutating func cells(_ component: PostComponent, post: Post, path: String, top: Double) -> [LayoutItem] {
        guard case .comments = component else { return [cell(component, post: post, path: path, top: top)] }
        return with(PostCommentsCell<Measurer>.self) { $0.layout(post, path: path, top: top) }
    }

    /// The cell of `component`, by the kit's cell for it.
    mutating func cell(_ component: PostComponent, post: Post, path: String, top: Double) -> LayoutItem {
        var canvas = CellCanvas(canvasWidth: width, top: top, isMirrored: false)
        let height: Double
        // The header and the placeholder keep the kit's clear top: the feed background between posts.
        var clearTop = 0.0
        switch component {
        case .header:
            height = with(PostHeaderCell<Measurer>.self) { $0.layout(post, &canvas, path: path) }
            clearTop = FeedMetrics.postGap
        case .text: height = with(PostTextCell<Measurer>.self) { $0.layout(post, &canvas) }
        case .gallery: height = with(PostGalleryCell<Measurer>.self) { $0.layout(post, &canvas, path: path) }
        case .file: height = with(PostFileCell<Measurer>.self) { $0.layout(post, &canvas) }
        case .footer: height = with(PostFooterCell<Measurer>.self) { $0.layout(post, &canvas) }
        case .comments: height = 0  // a cell per comment: `cells` (PostCommentsCell)
        case .poll: height = with(PostPollCell<Measurer>.self) { $0.layout(post, &canvas) }
        case .liveStream: height = with(PostLiveStreamCell<Measurer>.self) { $0.layout(post, &canvas, path: path) }
        case .linkPreview: height = with(PostLinkPreviewCell<Measurer>.self) { $0.layout(post, &canvas, path: path) }
        case .placeholder:
            height = with(PostPlaceholderCell<Measurer>.self) { $0.layout(post, &canvas) }
            clearTop = FeedMetrics.postGap
        case .pendingActions: height = with(PostPendingActionsCell<Measurer>.self) { $0.layout(post, &canvas) }
        case .custom(let custom): height = with(PostCustomCell<Measurer>.self) { $0.layout(custom, post: post, &canvas, path: path) }
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
        if post.isPending {
            let row: Rect? = if case .header = component { nil } else { item.frame }
            item.actions = PendingPostTaps.actions(item.actions, post: post, row: row)
        } else {
            item.actions = PostRowSelection.actions(item.actions, post: post, row: item.frame)
        }
        item.kitBehaviours = canvas.kitBehaviours
        if case .footer = component { item.shareMenu = feed.sharing.menu(for: post.origin).map(\.event) }
        return item
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
