import Foundation

/// A comment on a post, or a reply to one: what the Amity UIKit's `AmityCommentModel` carries
/// (`Models/AmityCommentModel.swift`), as a document gives it.
public struct PostComment: Sendable, Hashable {
    /// The comment id (the actions' `commentId`).
    public var id: String
    /// Who wrote it; `author.isGlobalBanned` draws the banned badge after the name.
    public var author: PostUser
    /// What it says.
    public var text: String
    /// When it was written: its relative time.
    public var createdAt: Date
    /// When it was edited, if it was: the time reads "… • Edited".
    public var editedAt: Date?
    /// How many reactions it has (`reactionsCount`): the count beside the Like button.
    public var likes: Int
    /// Whether the viewer liked it: "Liked" in the primary colour.
    public var isLiked: Bool
    /// Whether its author moderates the community: "Moderator • " before the time.
    public var isModerator: Bool
    /// How many replies it has (`childrenNumber`, deleted replies not counted): "View replies"
    /// under a preview comment, "View more replies" under the replies a post detail shows.
    public var replyCount: Int
    /// Whether it was deleted: a post detail draws "This comment has been deleted." (or "This reply
    /// has been deleted.") in its place.
    public var isDeleted: Bool
    /// Show the whole text rather than collapsing it after 8 lines.
    public var isExpanded: Bool
    /// The users it mentions, as ranges of `text`.
    public var mentions: [Mention]
    /// Its replies as the post detail shows them, top to bottom (post-detail comments only).
    public var replies: [PostComment]
    /// How many of `replies` the post detail shows: the kit shows 3, then 5 more per tap on
    /// "View more replies" (post-detail comments only).
    public var shownReplies: Int

    /// The kit's first page of replies (`AmityCommentChildrenController.swift:68`).
    public static let initialShownReplies = 3
}
