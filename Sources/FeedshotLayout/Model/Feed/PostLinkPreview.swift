import Foundation

/// The link-preview card of a text post with a URL (`AmityPreviewLinkCell`): what the
/// `LPLinkMetadata` fetch gave. Feedshot fetches nothing; the document says.
public struct PostLinkPreview: Sendable, Hashable {
    /// The fetch's outcome.
    public enum State: String, Sendable, Hashable, CaseIterable {
        /// Metadata found: the image (or the kit's empty image), the host, the title.
        case loaded
        /// No metadata: the broken-link image, "Preview not available" and the advice.
        case failed
        /// Still fetching: the spinner alone.
        case loading
    }

    /// The fetch's outcome.
    public var state: State
    /// The page's title (at most two lines).
    public var title: String?
    /// Image reference of the page's image.
    public var image: String?
    /// The URL shown and opened; by default the first link in the post's text.
    public var url: String?

    /// A preview.
    public init(state: State, title: String? = nil, image: String? = nil, url: String? = nil) {
        self.state = state
        self.title = title
        self.image = image
        self.url = url
    }
}
