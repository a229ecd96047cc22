/// Amity's post cell geometry (docs/conformance/amity.md), in points. W is the table width.
enum FeedMetrics {
    /// The feed background shows this much between posts.
    static let postGap = 8.0
    static let margin = 16.0
    static let avatarSize = 40.0
    static let headerHeight = 72.0
    static let optionButton = 30.0
    static let textBottom = 12.0
    static let galleryBottom = 16.0
    static let fileRow = 76.0
    static let fileBox = 68.0
    static let maxFiles = 5
    static let viewAllFilesRow = 44.0
    static let countsRow = 32.0
    static let separator = 1.0
    static let actionRow = 32.0
    static let commentAvatar = 28.0
    static let viewAllCommentsRow = 36.0
    /// Collapsed text: 8 lines, 3 when the post also shows images or files.
    static let maxLines = 8
    static let maxLinesWithMedia = 3

    /// The gallery's side: `W − 32`.
    static func gallerySide(width: Double) -> Double { width - 2 * margin }

    /// The files cell: rows of 76 (at most 5), then "View all files", and 8 below.
    static func filesHeight(count: Int) -> Double {
        Double(min(count, maxFiles)) * fileRow + (count > maxFiles ? viewAllFilesRow : 0) + 8
    }

    /// The footer: the counts row when there is anything to count, separator, actions, separator.
    static func footerHeight(hasCounts: Bool) -> Double {
        (hasCounts ? countsRow : 0) + separator + actionRow + separator
    }
}
