/// The geometry of the poll, live-stream, link-preview, placeholder and pending-post cells
/// (docs/conformance/amity.md, "Feed").
extension FeedMetrics {
    // MARK: Poll (Poll/AmityPostPollTableViewCell.xib, AmityPostPollAnswerTableViewCell.xib)
    /// The stack's inset (top and bottom 8) and spacing (16).
    static let pollInset = 8.0
    static let pollSpacing = 16.0
    static let pollQuestionMaxLines = 8
    /// Between the status and the vote count.
    static let pollStatusSpacing = 8.0
    static let pollSubmitHeight = 40.0
    /// A row's container inset (12) and the gap under it (12); the radio icon (24) and the title
    /// after it (icon + 8), 2 below the icon's top; the status bar (5).
    static let answerInset = 12.0
    static let answerGap = 12.0
    static let radioIcon = 24.0
    static let answerTitleX = 32.0
    static let answerTitleTop = 2.0
    static let answerStatusBar = 5.0
    /// The results: the bar (12 tall, radius 6) 4 below the title, the count 4 below it.
    static let resultSpacing = 4.0
    static let resultBar = 12.0
    /// In a feed: two answers, then "N more options" (AmityPostPollTableViewCell.swift:13-17).
    static let pollAnswersInFeed = 2

    // MARK: Live stream (Live Stream/AmityPostLiveStreamTableViewCell.xib)
    static let liveStreamHeight = 220.0
    /// The badge at (16, 16), its label inset 4 / 8.
    static let liveBadgeInset = 16.0
    static let liveBadgePaddingX = 8.0
    static let liveBadgePaddingY = 4.0
    static let livePlayButton = 40.0
    /// The ended view's text inset (15) and spacing ("standard", 8).
    static let liveEndInset = 15.0
    static let liveEndSpacing = 8.0

    // MARK: Link preview (PreviewLink/AmityPreviewLinkCell.xib)
    /// The card is this fraction of the screen's height (AmityPreviewLinkCell.swift:39).
    static let linkPreviewScreenFraction = 0.32
    static let linkPreviewInset = 8.0
    static let linkPreviewRadius = 6.0
    static let linkPreviewBorder = 0.5
    /// The labels' leading (12), the host 13 below the image, the title 5 below the host and 12
    /// above the card's bottom, trailing 12 and 10.
    static let linkPreviewLabelX = 12.0
    static let linkPreviewHostTop = 13.0
    static let linkPreviewTitleTop = 5.0
    static let linkPreviewBottom = 12.0
    static let linkPreviewTitleMaxLines = 2

    // MARK: Placeholder (PlaceHolder/AmityPostPlaceHolderTableViewCell.xib)
    static let placeholderIconWidth = 63.0
    static let placeholderIconHeight = 42.0
    static let placeholderIconSpacing = 16.0
    static let placeholderTextSpacing = 4.0

    // MARK: Pending post (Pending Posts/Cell/Pending Posts Action/AmityPendingPostsActionTableViewCell.xib)
    static let pendingInset = 12.0
    static let pendingButtonHeight = 40.0
    static let pendingButtonSpacing = 12.0
}
