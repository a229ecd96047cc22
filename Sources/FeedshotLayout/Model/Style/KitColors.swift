/// Colours the Amity UIKit draws that are not theme roles: UIKit system colours and literals in
/// its code, and its assets' own colours (docs/conformance/amity.md, "Feed"). They do not follow
/// the document's theme, as they do not follow the kit's.
package enum KitColors {
    /// `UIColor.systemBlue`: "View all files" (`AmityFileTableView.swift:141`). A dynamic system
    /// colour, so it follows the appearance as the Amity colours do not: #007AFF light, #0A84FF dark
    /// (Apple's Human Interface Guidelines, "Color", system colours).
    package static func systemBlue(_ appearance: Theme.Appearance) -> Color {
        appearance == .dark ? Color(red: 0x0A, green: 0x84, blue: 0xFF) : Color(red: 0x00, green: 0x7A, blue: 0xFF)
    }
    /// `UIColor.gray`: a link preview's host and advice (`AmityPreviewLinkCell.swift:64,88`).
    package static let gray = Color(red: 0x80, green: 0x80, blue: 0x80)
    /// `UIColor.lightGray`: a link preview's border (`AmityPreviewLinkCell.swift:41`).
    package static let lightGray = Color(red: 0xAA, green: 0xAA, blue: 0xAA)
    /// The Share button's title, set in `AmityPostFooterTableViewCell.xib:145` (r 0.506 g 0.525 b 0.596).
    package static let shareTitle = Color(red: 0x81, green: 0x86, blue: 0x98)
    /// `icon_comment`'s own fill (the PDF's 0.505882 0.523529 0.594118), drawn `.alwaysOriginal`,
    /// so never tinted: the feed footer's Comment button (`Utilities/AmityIconSet.swift:35`).
    package static let commentIcon = Color(red: 0x81, green: 0x85, blue: 0x98)
    /// `icon_badge_moderator`'s own fill (the PDF's 0.387473 0.406374 0.472527), not a template
    /// image, so never tinted: a moderator's badge in a post's header and a comment.
    package static let moderatorBadgeIcon = Color(red: 0x63, green: 0x68, blue: 0x78)
    /// `icon_reply_inverse`'s own fill (the same as the moderator badge's), not a template image:
    /// a comment's "View replies" button (`AmityCommentView.swift:106-115`).
    package static let repliesIcon = Color(red: 0x63, green: 0x68, blue: 0x78)
    /// `ic_post_placeholder`'s own fill, not a template image: the unknown post's card.
    package static let postPlaceholderIcon = Color(red: 0xA5, green: 0xA9, blue: 0xB5)
    /// The "LIVE" badge (`AmityPostLiveStreamTableViewCell.swift:87`).
    package static let liveRed = Color(red: 0xFF, green: 0x30, blue: 0x5A)
    /// `icon_delete_message`'s own fill, not a template image, so never tinted: deleted messages,
    /// comments and replies (`Assets.xcassets/icons/General/icon_delete_message.imageset`).
    package static let deletedIcon = Color(red: 0x89, green: 0x8E, blue: 0x9E)
    /// `icon_message_failed`'s own fill (its "!" white), not a template image and never tinted:
    /// the failed-message button (`Assets.xcassets/icons/General/icon_message_failed.imageset`;
    /// `Utilities/AmityIconSet.swift:116`).
    package static let failedIcon = Color(red: 0x89, green: 0x8E, blue: 0x9E)
    /// `icon_community_setting_banned`'s own fill, not a template image: the banned badge beside
    /// a comment's name (`Assets.xcassets/icons/Community Settings/icon_community_setting_banned.imageset`).
    package static let bannedIcon = Color(red: 0xA5, green: 0xA9, blue: 0xB5)
    /// `default_message_image`'s own fill, not a template image: a chat image that has not loaded
    /// (`Assets.xcassets/…/default_message_image.imageset`; `AmityMessageImageTableViewCell.swift:21,38,48`).
    package static let imagePlaceholder = Color(red: 0xA5, green: 0xA9, blue: 0xB5)
}
