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
        "general_anonymous": "Anonymous",
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
        "share_to_my_timeline": "Share to My Timeline",
        "share_to_group": "Share to Group",
        "more_options": "More options",
        // Feed posts (the kit's AmityLocalizable.strings where it has the string; the live stream's,
        // the link preview's and the byte counts' strings are literals in its code).
        "post_detail_comment_edited": "%@ • Edited",
        "feedshot_badge_separator": "%@ • ",
        "post_detail_join_community_message": "Join community to interact with all posts",
        "post_place_holder_title": "Something went wrong",
        "post_place_holder_desc": "We couldn’t recognize this post.",
        "general_accept": "Accept",
        "general_decline": "Decline",
        "poll_submit_vote_title": "Submit vote",
        "poll_vote_count_title": "votes",
        "poll_final_result": "Final results",
        "poll_open_for_voting": "Open for voting",
        "poll_ends_in_days": "Poll ends in %@",
        "poll_ends_in_hours": "Poll ends in %@",
        "poll_ends_in_minutes": "Poll ends in %@",
        "unit_day.one": "%@ day",
        "unit_day.other": "%@ days",
        "unit_hour.one": "%@ hour",
        "unit_hour.other": "%@ hours",
        "unit_minute.one": "%@ minute",
        "unit_minute.other": "%@ minutes",
        "poll_view_full_result": "View full results",
        "poll_more_options": "more options",
        "feedshot_livestream_live": "LIVE",
        "feedshot_livestream_recorded": "RECORDED",
        "feedshot_livestream_ended": "This livestream has ended.",
        "feedshot_livestream_ended_description": "Playback will be available for you to watch shortly.",
        "feedshot_livestream_unavailable": "The stream is currently unavailable.",
        "feedshot_preview_not_available": "Preview not available",
        "feedshot_preview_check_url": "Please make sure the URL is correct and try again.",
        "feedshot_byte_count_zero": "Zero KB",
        "feedshot_byte_count_bytes.one": "%@ byte",
        "feedshot_byte_count_bytes.other": "%@ bytes",
        "feedshot_byte_count_kb": "%@ KB",
        "feedshot_byte_count_mb": "%@ MB",
        "feedshot_byte_count_gb": "%@ GB",
        // Comments.
        "general_reply": "Reply",
        "general_view_reply": "View replies",
        "post_detail_deleted_comment_message": "This comment has been deleted.",
        "post_detail_deleted_reply_message": "This reply has been deleted.",
        "post_detail_view_more_reply": "View more replies",
        // The kit hard-codes "..." and "Read more" (Components/AmityExpandableLabel.swift:40-41).
        "feedshot_expandable_read_more": "...Read more",
    ]

    /// Other bundled languages, by ISO 639 code: only the keys they translate (English fills the rest).
    /// Feedshot's own translations (`StringCatalog+Translations.swift`); the kit ships English only.
    /// `zh` is Simplified Chinese, for every `zh` locale (`zh-Hans`, `zh_CN`, and also `zh-Hant`, `zh_TW`).
    package static let tables: [String: [String: String]] = [
        "es": spanish, "fr": french, "de": german, "pt": portuguese, "ja": japanese, "zh": chineseSimplified,
        "ko": korean, "ar": arabic, "he": hebrew,
    ]

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
