/// The geometry of the Amity UIKit's comment view and the cells around it, in points
/// (docs/conformance/amity.md, "Comments"; paths under
/// `Modules/Comunity/General/Cell/AmityCommentView/` unless named).
enum CommentMetrics {
    /// The avatar's side (`AmityCommentView.xib:113-114`).
    static let avatarSize = 28.0
    /// From the avatar's trailing edge to the name, time, bubble and actions (`xib:211,219,223,228`).
    static let avatarToContent = 8.0
    /// From the name to the banned badge, and from the badge to the trailing edge at least (`xib:208,225`).
    static let nameToBadge = 4.0
    static let badgeTrailing = 16.0
    /// The banned badge's side when shown (`AmityCommentView.swift:138`; `xib:58`).
    static let badgeSize = 16.0
    /// The moderator badge: a 12-point icon, 4 before "Moderator • " (`xib:65-74`).
    static let moderatorIcon = 12.0
    static let moderatorSpacing = 4.0
    /// From the time row to the bubble (`xib:220`).
    static let timeToBubble = 4.0
    /// The text's inset in its bubble on every side (`xib:103-106`).
    static let bubblePadding = 12.0
    /// The bubble's radius, on every corner but the top left (`AmityCommentView.swift:75-76`).
    static let bubbleRadius = 12.0
    /// The bubble's trailing edge stays this far from the view's (`xib:209`).
    static let bubbleTrailing = 16.0
    /// The height formula's space below the text, and from the bubble to the actions, and below
    /// them (`AmityCommentViewLayout.swift:60-62`).
    static let belowContent = 12.0
    static let aboveStack = 8.0
    static let belowStack = 12.0
    /// Between the action row and "View replies" (`xib:117`).
    static let stackSpacing = 12.0
    /// The stack of the action row and "View replies" ends this far from the view's trailing edge
    /// (`xib:222`): neither passes it.
    static let stackTrailing = 16.0
    /// The action row's height and its buttons' spacing (`xib:120,183`).
    static let actionRow = 22.0
    static let actionSpacing = 12.0
    /// Between a button's icon and its title (`AmityCommentView.swift:92,101`; `UIButton+Extension.swift:24-39`).
    static let iconToTitle = 4.0
    /// The icons' sizes in the kit's asset catalogue: `icon_like`, `icon_like_fill`, `icon_reply`.
    static let likeIcon = (width: 11.25, height: 12.0)
    static let likedIcon = (width: 11.978516, height: 12.0)
    static let replyIcon = (width: 13.482422, height: 11.997131)
    /// The reaction count's icon and its gap to the number (`xib:135-142,158`).
    static let reactionIcon = 18.0
    static let reactionGap = 4.0
    /// The option button's side (`xib:176-177`).
    static let optionButton = 22.0
    /// "View replies": 28 tall, content insets 12 and 16 around a 12 × 8 icon, 8 to the title
    /// (`xib:189`; `AmityCommentView.swift:114`).
    static let viewRepliesHeight = 28.0
    static let viewRepliesLeading = 12.0
    static let viewRepliesTrailing = 16.0
    static let repliesIcon = (width: 12.0, height: 8.0)
    static let viewRepliesIconToTitle = 8.0
    /// Collapsed comments show 8 lines (`AmityCommentView.swift:71,227`).
    static let collapsedLines = 8
    /// The post detail's fixed row height starts with 65 above the text (`AmityCommentView.swift:224`).
    static let formulaTop = 65.0
    /// The feed shows the last two comments (`Models/AmityPostModel.swift:325-337`).
    static let maxPreviews = 2
    /// The preview cell's separator, and the post detail's section footer (`AmityPostPreviewCommentTableViewCell.xib:27`;
    /// `AmityPostDetailViewController.swift:260-268`).
    static let separator = 1.0
    /// UIKit's standard row height: "View all comments...", the deleted rows (`AmityPostDetailDeletedTableViewCell.swift:26-28`).
    static let standardRow = 44.0
    /// The post detail's reply rows: deleted ("This reply has been deleted.") and "View more replies"
    /// (`Scenes/Post Detail/Cell/AmityDeletedReplyTableViewCell.xib:25-53`, `AmityViewMoreReplyTableViewCell.xib:21-53`).
    static let replyRowLeading = 52.0
    static let replyRowBox = 28.0
    static let viewMoreRepliesTop = 4.0
    static let viewMoreRepliesBottom = 12.0
    static let deletedReplyIcon = 16.0
    static let deletedReplyIconLeading = 4.0
    static let deletedReplyIconToTitle = 8.0
    static let deletedReplyTrailing = 12.0
    /// Both reply rows' box ends at least this far from the cell's trailing edge (a ≥ constraint:
    /// `AmityDeletedReplyTableViewCell.xib:53`, `AmityViewMoreReplyTableViewCell.xib:50`).
    static let replyRowOuterTrailing = 12.0
    /// A default-style table cell's image and text (the deleted comment row): UIKit's layout margin
    /// and image-to-text spacing, and `icon_delete_message`'s side.
    static let defaultCellMargin = 16.0
    static let deletedIcon = 15.5
}

/// The comment view's three layouts (`AmityCommentView.Layout.LayoutType`,
/// `AmityCommentViewLayout.swift:24-81`).
enum CommentStyle: Sendable {
    /// Under a feed post: self-sizing, with "View replies".
    case preview
    /// A post detail's comment: the kit's fixed height formula.
    case comment
    /// A post detail's reply: indented.
    case reply

    /// The avatar's leading inset (`avatarLeading`).
    var avatarLeading: Double {
        switch self {
        case .preview, .comment: 16
        case .reply: 52
        }
    }

    /// The space above the avatar (`aboveAvatar`).
    var aboveAvatar: Double {
        switch self {
        case .preview, .comment: 16
        case .reply: 0
        }
    }

    /// Where the name, time, bubble and actions start.
    var contentX: Double { avatarLeading + CommentMetrics.avatarSize + CommentMetrics.avatarToContent }

    /// Whether the row's height is the kit's formula (`AmityPostDetailViewController.swift:320-352`)
    /// rather than its constraints.
    var hasFixedHeight: Bool {
        switch self {
        case .preview: false
        case .comment, .reply: true
        }
    }
}
