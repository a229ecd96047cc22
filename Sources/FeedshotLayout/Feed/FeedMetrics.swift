/// The Amity kit's post cell geometry, in points (docs/conformance/amity.md, "Feed"; kit paths
/// under `UpstraUIKit/UpstraUIKit/`, cells under `Modules/Comunity/Feed Posts/Contents/Cells/`).
/// W is the table width.
enum FeedMetrics {
    static let margin = 16.0

    // MARK: Header (Header/AmityPostHeaderTableViewCell.xib)
    /// The header cell's clear top, the feed background between posts (xib:97).
    static let postGap = 8.0
    /// The row stack's top inside the white container (xib:89) and its minimum bottom (xib:90).
    static let headerTop = 12.0
    static let headerBottom = 8.0
    static let avatarSize = 40.0
    /// Between avatar, name column and option button (xib:23).
    static let headerSpacing = 12.0
    /// Between the name and the date row (xib:34).
    static let nameToDate = 4.0
    static let optionButton = 30.0
    /// `AmityFeedDisplayNameLabel.numberOfLines` (AmityFeedDisplayNameTextView.swift:30).
    static let nameMaxLines = 3
    /// The moderator badge's icon and its gap to "Moderator • " (xib:46-55).
    static let moderatorIcon = 12.0
    static let moderatorSpacing = 4.0

    // MARK: Text (Text/AmityPostTextTableViewCell.xib:26-29; AmityExpandableLabel)
    static let textInset = 8.0
    /// Collapsed text: 8 lines in a text post, 3 in a gallery or file cell.
    static let maxLines = 8
    static let maxLinesWithMedia = 3

    // MARK: Gallery (AmityGalleryCollectionView.swift:19-23)
    static let galleryInset = 16.0
    static let galleryMaxTiles = 4
    /// `play.fill`, 44 × 44 (General/Cell/AmityGalleryCollectionViewCell.xib:67-72).
    static let playIcon = 44.0

    // MARK: Files (File/AmityPostFileTableViewCell.xib; DocumentPicker/FileTableView)
    /// Between the text and the file table (File.xib:19) and the table's top inset (AmityFileTableView.swift:25).
    static let fileStackSpacing = 8.0
    static let fileTableTop = 12.0
    /// A row (`AmityFileTableViewCell.defaultHeight`) and its box (row − 12).
    static let fileRow = 76.0
    static let fileBox = 64.0
    static let fileIconWidth = 40.0
    static let fileIconHeight = 48.0
    static let fileIconLeading = 12.0
    /// The name's x and top inside the box; its trailing room for the hidden close button (8 + 18 + 8).
    static let fileNameX = 64.0
    static let fileNameTop = 12.0
    static let fileCloseReserve = 34.0
    static let maxFiles = 5
    /// "View all files": a 36-point footer, its label 20 tall at its top (AmityFileTableView.swift:22-23).
    static let viewAllFilesRow = 36.0
    static let viewAllFilesLabel = 20.0

    // MARK: Footer (Footer/AmityPostFooterTableViewCell.xib)
    /// The stacks' top and spacing (xib:20,23,190).
    static let footerTop = 8.0
    static let footerSpacing = 8.0
    static let countsRow = 32.0
    static let separator = 1.0
    static let actionRow = 32.0
    static let likeBadge = 20.0
    /// The like details button's width (xib:72).
    static let likeDetailsWidth = 100.0
    /// Between the buttons (xib:115) and between a button's image and title (UIButton+Extension.swift:24-39).
    static let buttonSpacing = 12.0
    static let imageTitlePadding = 4.0

    /// 98 with the counts row, 58 without: 8 + (32 + 8) + 1 + 8 + 32 + 8 + 1.
    static func footerHeight(hasCounts: Bool) -> Double {
        footerTop + (hasCounts ? countsRow + footerSpacing : 0) + separator + footerSpacing + actionRow + footerSpacing + separator
    }
}
