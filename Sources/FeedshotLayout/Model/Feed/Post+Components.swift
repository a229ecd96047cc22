import Foundation

extension Post {
    /// The kit's composer for a post: which cells its data type gets
    /// (`AmityFeedScreenViewModel.prepareComponents`, `AmityPendingPostsComponent`).
    enum Kind: Sendable, Hashable {
        case text, media, file, poll, liveStream, unknown
    }

    /// The composer `dataType` (and, for text posts, the attachments) choose: a text post with
    /// images is a media post and one with files a file post, as the kit derives its data type from
    /// the post's children (`AmityPostModel.extractPostData`).
    var kind: Kind {
        switch dataType {
        case "text": !images.isEmpty ? .media : !files.isEmpty ? .file : .text
        case "image", "video": .media
        case "file": .file
        case "poll": .poll
        case "liveStream": .liveStream
        default: .unknown
        }
    }

    /// Whether the text cell is followed by a link-preview card: a text post whose text has a link
    /// (`AmityPostTextComponent.hasPreviewLink`).
    var hasLinkPreview: Bool {
        kind == .text && (linkPreview?.url != nil || LinkDetector.firstLink(in: text ?? "") != nil)
    }

    /// The cells the kit's composer for this post shows: header, content, footer and, in a feed,
    /// the preview comments; a pending post its header, content and, for a reviewer, Accept and
    /// Decline; a post of an unknown type the placeholder alone.
    public var defaultComponents: [PostComponent] {
        if isPending { return pendingComponents }
        var cells: [PostComponent]
        switch kind {
        case .text: cells = [.header, .text] + (hasLinkPreview ? [.linkPreview] : [])
        case .media: cells = [.header, .gallery]
        case .file: cells = [.header, .file]
        case .poll: cells = [.header, .poll]
        case .liveStream: cells = [.header, .text, .liveStream]
        case .unknown: return [.placeholder]
        }
        cells.append(.footer)
        if display == .feed, !previewComments.isEmpty || comments > 0 { cells.append(.comments) }
        return cells
    }

    /// A pending post: header, the content cell alone (a live stream without its text, an unknown
    /// type a blank 44-point row), and Accept / Decline for a reviewer.
    var pendingComponents: [PostComponent] {
        let body: PostComponent =
            switch kind {
            case .text: .text
            case .media: .gallery
            case .file: .file
            case .poll: .poll
            case .liveStream: .liveStream
            case .unknown: .custom(CustomPostComponent(id: "body", height: 44))
            }
        return [.header, body] + (canReview ? [.pendingActions] : [])
    }
}
