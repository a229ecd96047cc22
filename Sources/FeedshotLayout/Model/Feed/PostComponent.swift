import Foundation

/// One cell of a post, in order: the equivalent of `AmityPostComposable`'s cells.
public enum PostComponent: Sendable, Hashable {
    /// Avatar, name, date, badges, option button (`AmityPostHeaderTableViewCell`).
    case header
    /// The text (`AmityPostTextTableViewCell`).
    case text
    /// The text and the image mosaic (`AmityPostGalleryTableViewCell`).
    case gallery
    /// The text and the file rows (`AmityPostFileTableViewCell`).
    case file
    /// Counts and buttons (`AmityPostFooterTableViewCell`).
    case footer
    /// The preview comments and "View all comments...".
    case comments
    /// The poll (`AmityPostPollTableViewCell`).
    case poll
    /// The live stream (`AmityPostLiveStreamTableViewCell`).
    case liveStream
    /// The link-preview card (`AmityPreviewLinkCell`).
    case linkPreview
    /// "Something went wrong" for a post the kit does not know (`AmityPostPlaceHolderTableViewCell`).
    case placeholder
    /// Accept and Decline under a pending post (`AmityPendingPostsActionTableViewCell`).
    case pendingActions
    /// A declarative custom cell.
    case custom(CustomPostComponent)
}
