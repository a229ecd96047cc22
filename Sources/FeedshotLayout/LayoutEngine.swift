/// The layout entry point: a pure function of the document, a text measurer and what the
/// renderer found behind the image references.
public enum LayoutEngine {
    /// Lays `document` out.
    ///
    /// - Parameters:
    ///   - document: A decoded, validated document.
    ///   - measurer: Measures text (Pango in production, a fake in unit tests).
    ///   - images: Sizes of decoded images and reasons for failed ones.
    /// - Returns: The layout tree the painter draws.
    ///   - composers: Swift-registered post composers for custom post data types.
    public static func layout(
        _ document: Document, measurer: some TextMeasuring, images: ImageCatalog = ImageCatalog(),
        composers: PostComposers = PostComposers()
    ) -> Layout {
        switch document.kind {
        case .feed, .post:
            var engine = FeedLayoutEngine(document: document, measurer: measurer, images: images, composers: composers)
            return engine.layout()
        case .shareSheet:
            return ShareSheetLayout.layout(document, measurer: measurer)
        case .chat, .message:
            break
        }
        switch document.style {
        case .amity:
            var engine = ChatLayoutEngine(document: document, measurer: measurer, images: images)
            return engine.layout()
        case .messagekit:
            var engine = MessageKitLayoutEngine(document: document, measurer: measurer, images: images)
            return engine.layout()
        }
    }
}
