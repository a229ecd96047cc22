import Foundation

/// What every cell of a feed reads and the one thing it writes: the document and its feed, the
/// measurer, the images, the composers, the calendar and strings — and the warnings the cells
/// add. The engine (the kit's table view) hands it to each cell in turn and takes it back.
struct FeedContext<Measurer: TextMeasuring> {
    let document: Document
    let feed: Feed
    let measurer: Measurer
    let images: ImageCatalog
    let composers: PostComposers
    let calendar: Calendar
    let strings: Strings
    var warnings: [String] = []

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
}

/// A part of a post's layout with the kit's name: a cell (`PostHeaderCell`, `PostGalleryCell`, …,
/// one layout item each), a screen's list of cells (`PostCommentsCell`, `PostDetailComments`), or
/// a view inside cells (`CommentView`). Each is a value over the shared `FeedContext`; what every
/// part uses — the context's fields, one-line labels, the avatar — is here, once.
protocol FeedCell {
    associatedtype Measurer: TextMeasuring
    var context: FeedContext<Measurer> { get set }
    init(context: FeedContext<Measurer>)
}

extension FeedCell {
    var document: Document { context.document }
    var feed: Feed { context.feed }
    var measurer: Measurer { context.measurer }
    var images: ImageCatalog { context.images }
    var calendar: Calendar { context.calendar }
    var strings: Strings { context.strings }
    /// The app's fonts for the kit's text roles (the kit's defaults where the document sets none).
    var typography: Typography { document.typography }
    var theme: Theme { document.theme }
    var width: Double { document.width }
    var warnings: [String] {
        get { context.warnings }
        set { context.warnings = newValue }
    }

    /// Whether the layout will be mirrored as a whole (a right-to-left document): where positions
    /// inside a text are computed, they are placed so that the flip brings them over their text.
    var isMirrored: Bool { LayoutEngine.isMirrored(document) }

    /// Runs `body` on another part sharing this context (a cell, the comment view), taking back
    /// the warnings it added.
    mutating func with<Part: FeedCell, Result>(_ part: Part.Type, _ body: (inout Part) -> Result) -> Result
    where Part.Measurer == Measurer {
        var other = Part(context: context)
        let result = body(&other)
        context = other.context
        return result
    }

    /// A one-line label in a role's font, cut with "…" at `width`.
    func label(_ text: String, _ font: AmityFont, color: Color, width: Double, weight: FontSpec.Weight? = nil) -> TextBlock {
        var spec = typography[font]
        if let weight { spec.weight = weight }
        return label(text, font: spec, color: color, width: width)
    }

    /// A one-line label in `font`, cut with "…" at `width`.
    func label(_ text: String, font: FontSpec, color: Color, width: Double) -> TextBlock {
        TextBlock.measure(StyledText(text, font: font, color: color), width: max(1, width), maxLines: 1, suffix: "…", measurer: measurer)
    }

    /// A one-line label as wide as its text wants (a UILabel without a width constraint; a
    /// button's title): a line break in its text (an app's string) ends the line with "…", as the
    /// chat's one-line labels do, where it drew the rest down the post, over the cells above and below.
    func unboundedLabel(_ text: String, _ font: AmityFont, color: Color) -> TextBlock {
        label(text, font: typography[font], color: color, width: 100_000)
    }

    /// An avatar image, or the placeholder circle with a person.
    mutating func avatar(_ user: PostUser, frame: Rect, _ canvas: inout CellCanvas, path: String) {
        if let reason = canvas.addAmityAvatar(ref: user.avatar ?? "", userId: user.id, frame: frame, theme: theme, images: images) {
            warnings.append("\(path).avatar: \(reason); drew the placeholder")
        }
    }

    /// `canvas` as a layout item `height` tall, on the post's white (the comment cells').
    func commentItem(_ canvas: CellCanvas, id: String, type: ItemType, height: Double) -> LayoutItem {
        var item = canvas.item(id: id, type: type, height: height)
        item.elements.insert(
            LayoutElement(role: .cell, frame: item.frame, content: .box(fill: theme.background, corners: .none)), at: 0)
        return item
    }
}
