/// The layout entry point: a pure function of the document, a text measurer and what the
/// renderer found behind the image references (docs/ARCHITECTURE.md, "Layout").
package enum LayoutEngine {
    /// Lays `document` out.
    ///
    /// - Parameters:
    ///   - document: A decoded, validated document.
    ///   - measurer: Measures text (Pango in production, a fake in unit tests).
    ///   - images: Sizes of decoded images and reasons for failed ones.
    ///   - composers: Swift-registered post composers for custom post data types.
    ///   - deadline: Checked before each item is laid out.
    /// - Returns: The layout tree the painter draws. Its warnings: the document's own first, then
    ///   the engine's, then elements reaching past the canvas — each distinct one once, with a count.
    /// - Throws: `DeadlineExceeded` once `deadline` has passed.
    package static func layout(
        _ document: Document, measurer: some TextMeasuring, images: ImageCatalog = ImageCatalog(),
        composers: PostComposers = PostComposers(),
        deadline: Deadline = .none
    ) throws(DeadlineExceeded) -> Layout {
        var layout: Layout
        var keepsCorners = true
        switch document.content {
        case .chat(let chat), .message(let chat):
            switch chat.profile {
            case .amity(let cells):
                var engine = ChatLayoutEngine(document: document, chat: chat, cells: cells, measurer: measurer, images: images)
                layout = try engine.layout(deadline: deadline)
            case .messageKit(let settings):
                keepsCorners = false
                var engine = MessageKitLayoutEngine(document: document, chat: chat, settings: settings, measurer: measurer, images: images)
                layout = try engine.layout(deadline: deadline)
            }
        case .feed(let feed), .post(let feed):
            var engine = FeedLayoutEngine(document: document, feed: feed, measurer: measurer, images: images, composers: composers)
            layout = try engine.layout(deadline: deadline)
        case .shareSheet(let sheet):
            layout = ShareSheetLayout.layout(sheet, document: document, measurer: measurer)
        }
        // The Amity kit's `maskedCorners` stay where they are in right-to-left (`Layout.mirrored`);
        // MessageKit mirrors only on Feedshot's own option, tails and corners with it.
        if isMirrored(document) {
            layout = layout.mirrored(keepsCorners: keepsCorners)
        }
        layout.warnings = Layout.deduplicated(
            document.warnings + layout.warnings + layout.overflowWarnings() + layout.bidiControlWarnings()
                + layout.noncharacterWarnings())
        return layout
    }

    /// Whether `document`'s layout is mirrored as a whole (`Layout.mirrored`), while texts keep
    /// their own direction — which an engine placing a text's tap boxes must undo: a right-to-left
    /// document of Amity's, whose views are built on leading and trailing constraints, which UIKit
    /// mirrors; not MessageKit's, which places its views by absolute frames (docs/messagekit.md,
    /// "Right to left"), unless the document asks for Feedshot's own mirroring (`messageKit.mirror`).
    static func isMirrored(_ document: Document) -> Bool {
        guard document.layoutDirection == .rightToLeft else { return false }
        switch document.content {
        case .chat(let chat), .message(let chat):
            if case .messageKit(let settings) = chat.profile { return settings.mirror }
            return true
        case .feed, .post, .shareSheet: return true
        }
    }
}
