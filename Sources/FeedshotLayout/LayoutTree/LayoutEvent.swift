/// What tapping a region fires: the kits' delegate and handler names, and Feedshot's own where a
/// kit acts without telling the app (those are fired with `"origin": "feedshot"`). Every event
/// Feedshot fires is named here and nowhere else (`VocabularyTests`); the JSON form is the raw value.
public struct LayoutEvent: Vocabulary {
    /// The event's name, as `feedshot layout` prints it.
    public var rawValue: String
    /// An event by name.
    public init(rawValue: String) { self.rawValue = rawValue }

    // MARK: Amity chat (`AmityMessageListScreenViewModel`'s actions, `AmityMessageCellDelegate`)

    /// A photo message: the kit opens its viewer.
    public static let imageViewer = LayoutEvent(rawValue: "imageViewer")
    /// Feedshot's own, with no `origin`: a file message in the chat (`messageId`; the file cell is
    /// Feedshot's own), and, with `"origin": "feedshot"`, a post's file row (`postId`, `index`).
    public static let fileDidTap = LayoutEvent(rawValue: "fileDidTap")
    /// An own message that failed to send: its retry/delete button.
    public static let deleteErrorMessage = LayoutEvent(rawValue: "deleteErrorMessage")
    /// Collapsed text ("...Read more") in a chat message.
    public static let didExpandExpandableLabel = LayoutEvent(rawValue: "didExpandExpandableLabel")
    /// Feedshot's own, with `"origin": "feedshot"`: an audio message's bubble, which the kit's
    /// cell plays itself (`messageId`).
    public static let audioPlayDidTap = LayoutEvent(rawValue: "audioPlayDidTap")

    // MARK: Amity feed (`AmityEventHandler`, `AmityPostSharingEventHandler`)

    /// A user's avatar, name or mention.
    public static let userDidTap = LayoutEvent(rawValue: "userDidTap")
    /// A community's name in a post header.
    public static let communityDidTap = LayoutEvent(rawValue: "communityDidTap")
    /// `AmityEventHandler.postDidtap`, lower-case t as the kit spells it.
    public static let postDidtap = LayoutEvent(rawValue: "postDidtap")
    /// A live stream post that is live.
    public static let openLiveStreamPlayer = LayoutEvent(rawValue: "openLiveStreamPlayer")
    /// A live stream post that has ended and was recorded.
    public static let openRecordedLiveStreamPlayer = LayoutEvent(rawValue: "openRecordedLiveStreamPlayer")
    /// The share sheet's "Share to my timeline".
    public static let sharePostToMyTimelineDidTap = LayoutEvent(rawValue: "sharePostToMyTimelineDidTap")
    /// The share sheet's "Share to group".
    public static let sharePostToGroupDidTap = LayoutEvent(rawValue: "sharePostToGroupDidTap")
    /// The share sheet's "More options".
    public static let sharePostDidTap = LayoutEvent(rawValue: "sharePostDidTap")

    // MARK: Amity comments (`AmityPostPreviewCommentAction` in the feed, `AmityCommentTableViewCellDelegate` in a post)

    /// A preview comment's Like.
    public static let tapLike = LayoutEvent(rawValue: "tapLike")
    /// A preview comment's option button.
    public static let tapOption = LayoutEvent(rawValue: "tapOption")
    /// A preview comment's collapsed text.
    public static let willExpandExpandableLabel = LayoutEvent(rawValue: "willExpandExpandableLabel")
    /// A detail comment's Like.
    public static let commentCellDidTapLike = LayoutEvent(rawValue: "commentCellDidTapLike")
    /// A detail comment's Reply.
    public static let commentCellDidTapReply = LayoutEvent(rawValue: "commentCellDidTapReply")
    /// A detail comment's option button.
    public static let commentCellDidTapOption = LayoutEvent(rawValue: "commentCellDidTapOption")
    /// A detail comment's reaction count.
    public static let commentCellDidTapReactionDetails = LayoutEvent(rawValue: "commentCellDidTapReactionDetails")
    /// A detail comment's collapsed text.
    public static let willExpandLabel = LayoutEvent(rawValue: "willExpandLabel")

    // MARK: MessageKit (`MessageCellDelegate`, `MessageLabelDelegate`)

    /// The bubble.
    public static let didTapMessage = LayoutEvent(rawValue: "didTapMessage")
    /// A photo or video.
    public static let didTapImage = LayoutEvent(rawValue: "didTapImage")
    /// The avatar.
    public static let didTapAvatar = LayoutEvent(rawValue: "didTapAvatar")
    /// An audio message's play button.
    public static let didTapPlayButton = LayoutEvent(rawValue: "didTapPlayButton")
    /// The accessory view beside the bubble.
    public static let didTapAccessoryView = LayoutEvent(rawValue: "didTapAccessoryView")
    /// The cell's top label.
    public static let didTapCellTopLabel = LayoutEvent(rawValue: "didTapCellTopLabel")
    /// The message's top label.
    public static let didTapMessageTopLabel = LayoutEvent(rawValue: "didTapMessageTopLabel")
    /// The message's bottom label.
    public static let didTapMessageBottomLabel = LayoutEvent(rawValue: "didTapMessageBottomLabel")
    /// The cell's bottom label.
    public static let didTapCellBottomLabel = LayoutEvent(rawValue: "didTapCellBottomLabel")
    /// Anywhere else in the cell (not the Example's custom cell nor the typing indicator). On an
    /// iPhone it also follows a detected range's `didSelect…` where no other view holds the point.
    public static let didTapBackground = LayoutEvent(rawValue: "didTapBackground")
    /// A detected link, or a link preview.
    public static let didSelectURL = LayoutEvent(rawValue: "didSelectURL")
    /// A detected phone number.
    public static let didSelectPhoneNumber = LayoutEvent(rawValue: "didSelectPhoneNumber")
    /// A detected date.
    public static let didSelectDate = LayoutEvent(rawValue: "didSelectDate")
    /// A detected address.
    public static let didSelectAddress = LayoutEvent(rawValue: "didSelectAddress")
    /// A detected flight.
    public static let didSelectTransitInformation = LayoutEvent(rawValue: "didSelectTransitInformation")
    /// A mention (a detected `@name`, or one from the document).
    public static let didSelectMention = LayoutEvent(rawValue: "didSelectMention")
    /// A detected hashtag.
    public static let didSelectHashtag = LayoutEvent(rawValue: "didSelectHashtag")
    /// A match of a custom detector (`detectors.custom`).
    public static let didSelectCustom = LayoutEvent(rawValue: "didSelectCustom")

    // MARK: Feedshot's own: what a kit does without telling the app, fired with "origin": "feedshot"

    /// A link in post or comment text: the kit opens it.
    public static let linkDidTap = LayoutEvent(rawValue: "linkDidTap")
    /// Collapsed post text: the kit expands it in place.
    public static let readMoreDidTap = LayoutEvent(rawValue: "readMoreDidTap")
    /// A post's Like button: the kit likes it.
    public static let likeDidTap = LayoutEvent(rawValue: "likeDidTap")
    /// A post's option button: the kit opens its sheet.
    public static let postOptionDidTap = LayoutEvent(rawValue: "postOptionDidTap")
    /// A post's Share button: the kit opens the share sheet (`menu` lists its events).
    public static let shareMenuDidOpen = LayoutEvent(rawValue: "shareMenuDidOpen")
    /// A post's photo: the kit opens its viewer.
    public static let imageDidTap = LayoutEvent(rawValue: "imageDidTap")
    /// A poll answer: the kit selects it.
    public static let pollAnswerDidTap = LayoutEvent(rawValue: "pollAnswerDidTap")
    /// A poll's Vote button: the kit submits.
    public static let pollSubmitDidTap = LayoutEvent(rawValue: "pollSubmitDidTap")
    /// A pending post's Accept: the kit approves it.
    public static let pendingPostAcceptDidTap = LayoutEvent(rawValue: "pendingPostAcceptDidTap")
    /// A pending post's Decline: the kit declines it.
    public static let pendingPostDeclineDidTap = LayoutEvent(rawValue: "pendingPostDeclineDidTap")
    /// A post waiting for review, on the pending-posts list: the kit opens its pending detail.
    public static let pendingPostDidTap = LayoutEvent(rawValue: "pendingPostDidTap")
    /// A link preview card: the kit opens the link.
    public static let linkPreviewDidTap = LayoutEvent(rawValue: "linkPreviewDidTap")
    /// "View more replies" under a detail comment: the kit loads them.
    public static let viewMoreRepliesDidTap = LayoutEvent(rawValue: "viewMoreRepliesDidTap")
    /// A post detail's Comment button or comment count: the kit focuses its comment compose bar
    /// (for a member of the post's community).
    public static let commentComposeDidTap = LayoutEvent(rawValue: "commentComposeDidTap")
    /// A post detail's like count: the kit opens the list of who reacted.
    public static let reactionDetailsDidTap = LayoutEvent(rawValue: "reactionDetailsDidTap")

    /// Every event above, in their order.
    public static let all: [LayoutEvent] = [
        .imageViewer, .fileDidTap, .deleteErrorMessage, .didExpandExpandableLabel, .audioPlayDidTap, .userDidTap, .communityDidTap,
        .postDidtap,
        .openLiveStreamPlayer, .openRecordedLiveStreamPlayer, .sharePostToMyTimelineDidTap, .sharePostToGroupDidTap, .sharePostDidTap,
        .tapLike, .tapOption, .willExpandExpandableLabel, .commentCellDidTapLike, .commentCellDidTapReply, .commentCellDidTapOption,
        .commentCellDidTapReactionDetails, .willExpandLabel, .didTapMessage, .didTapImage, .didTapAvatar, .didTapPlayButton,
        .didTapAccessoryView, .didTapCellTopLabel, .didTapMessageTopLabel, .didTapMessageBottomLabel, .didTapCellBottomLabel,
        .didTapBackground, .didSelectURL, .didSelectPhoneNumber, .didSelectDate, .didSelectAddress, .didSelectTransitInformation,
        .didSelectMention,
        .didSelectHashtag, .didSelectCustom, .linkDidTap, .readMoreDidTap, .likeDidTap, .postOptionDidTap, .shareMenuDidOpen,
        .imageDidTap, .pollAnswerDidTap, .pollSubmitDidTap, .pendingPostAcceptDidTap, .pendingPostDeclineDidTap, .pendingPostDidTap,
        .linkPreviewDidTap, .viewMoreRepliesDidTap, .commentComposeDidTap, .reactionDetailsDidTap,
    ]
}
