/// Amity's post cell geometry (SPEC §5), in points. W is the table width.
public enum FeedMetrics {
    /// The feed background shows this much between posts.
    public static let postGap = 8.0
    public static let margin = 16.0
    public static let avatarSize = 40.0
    public static let headerHeight = 72.0
    public static let optionButton = 30.0
    public static let textBottom = 12.0
    public static let galleryBottom = 16.0
    public static let fileRow = 76.0
    public static let fileBox = 68.0
    public static let maxFiles = 5
    public static let viewAllFilesRow = 44.0
    public static let countsRow = 32.0
    public static let separator = 1.0
    public static let actionRow = 32.0
    public static let commentAvatar = 28.0
    public static let viewAllCommentsRow = 36.0
    /// Collapsed text: 8 lines, 3 when the post also shows images or files.
    public static let maxLines = 8
    public static let maxLinesWithMedia = 3

    /// The gallery's side: `W − 32`.
    public static func gallerySide(width: Double) -> Double { width - 2 * margin }

    /// The files cell: rows of 76 (at most 5), then "View all files", and 8 below.
    public static func filesHeight(count: Int) -> Double {
        Double(min(count, maxFiles)) * fileRow + (count > maxFiles ? viewAllFilesRow : 0) + 8
    }

    /// The footer: the counts row when there is anything to count, separator, actions, separator.
    public static func footerHeight(hasCounts: Bool) -> Double {
        (hasCounts ? countsRow : 0) + separator + actionRow + separator
    }
}
