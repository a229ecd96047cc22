/// The bundled string tables: English (the Amity UIKit's own strings, from
/// `UpstraUIKit/UpstraUIKit/Localization/AmityLocalizable.strings` at 429fcec where the kit has
/// them) and the other languages by ISO 639 code. The README lists every key.
package enum StringCatalog {
    /// English, the fallback for every key. Plural strings have a form per category
    /// (`key.one`, `key.other`).
    package static let english: [String: String] = [
        "feedshot_today": "Today",
        "feedshot_yesterday": "Yesterday",
        "feedshot_just_now": "Just now",
        "feedshot_minutes_ago.one": "%@ minute ago",
        "feedshot_minutes_ago.other": "%@ minutes ago",
        "feedshot_hours_ago.one": "%@ hour ago",
        "feedshot_hours_ago.other": "%@ hours ago",
        "feedshot_days_ago.one": "%@ day ago",
        "feedshot_days_ago.other": "%@ days ago",
        "feedshot_weeks_ago.one": "%@ week ago",
        "feedshot_weeks_ago.other": "%@ weeks ago",
        "feedshot_months_ago.one": "%@ month ago",
        "feedshot_months_ago.other": "%@ months ago",
        "feedshot_years_ago.one": "%@ year ago",
        "feedshot_years_ago.other": "%@ years ago",
        "message_edit": "Edited • %@",
        "message_delete": "Message deleted • %@",
        "message_list_sending": "Sending...",
        "message_readmore": "...Read more",
        "feedshot_typing_one": "%@ is typing...",
        "feedshot_typing_two": "%1$@ and %2$@ are typing...",
        "feedshot_typing_many": "%@ people are typing...",
        "feedshot_voice_message": "Voice message %@",
        "general_file": "File",
        "feedshot_message_read": "Read",
        "feedshot_message_was_deleted": "This message was deleted",
        "general_like": "Like",
        "general_liked": "Liked",
        "feedshot_comment": "Comment",
        "feedshot_share": "Share",
        "general_moderator": "Moderator",
        "unit_like.one": "%@ like",
        "unit_like.other": "%@ likes",
        "unit_comment.one": "%@ comment",
        "unit_comment.other": "%@ comments",
        "unit_share.one": "%@ share",
        "unit_share.other": "%@ shares",
        "view_all_comments_title": "View all comments...",
        "view_all_files_title": "View all files",
        "feedshot_share_to_my_timeline": "Share to my timeline",
        "feedshot_share_to_group": "Share to group",
        "feedshot_more_options": "More options",
        // Comments.
        "general_reply": "Reply",
        "general_view_reply": "View replies",
        "post_detail_comment_edited": "%@ • Edited",
        "post_detail_deleted_comment_message": "This comment has been deleted.",
        "post_detail_deleted_reply_message": "This reply has been deleted.",
        "post_detail_view_more_reply": "View more replies",
        // The kit hard-codes "..." and "Read more" (Components/AmityExpandableLabel.swift:40-41).
        "feedshot_expandable_read_more": "...Read more",
    ]

    /// Other bundled languages, by ISO 639 code: only the keys they translate (English fills the rest).
    package static let tables: [String: [String: String]] = [:]

    /// Every key a document's `strings` may set: plain keys, and plural keys with each category.
    package static var overridableKeys: [String] {
        StringKey.allCases.flatMap { key in
            key.isPlural ? PluralCategory.allCases.map { "\(key.rawValue).\($0.rawValue)" } : [key.rawValue]
        }
    }

    /// `template` with `%@` filled in order and `%1$@`, `%2$@`, … by position; `%%` is a percent sign.
    package static func format(_ template: String, _ arguments: [String]) -> String {
        var result = ""
        var next = 0
        var characters = template[...]
        while let percent = characters.firstIndex(of: "%") {
            result += characters[..<percent]
            var rest = characters[characters.index(after: percent)...]
            if rest.first == "%" {
                result += "%"
                characters = rest.dropFirst()
                continue
            }
            if rest.first == "@" {
                result += next < arguments.count ? arguments[next] : ""
                next += 1
                characters = rest.dropFirst()
                continue
            }
            let digits = rest.prefix { $0.isASCII && $0.isNumber }
            if !digits.isEmpty, let position = Int(digits), rest.dropFirst(digits.count).hasPrefix("$@") {
                result += position >= 1 && position <= arguments.count ? arguments[position - 1] : ""
                rest = rest.dropFirst(digits.count + 2)
                characters = rest
                continue
            }
            result += "%"
            characters = rest
        }
        return result + characters
    }
}
