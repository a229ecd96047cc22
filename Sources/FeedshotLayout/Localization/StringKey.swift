/// A UI string Feedshot draws. The raw value is the key a document's `strings` overrides it by:
/// the Amity UIKit's `AmityLocalizable.strings` key where the kit has the string, else a
/// `feedshot_` key of Feedshot's own. Plural strings are keyed by CLDR category too
/// (`unit_like.one`, `unit_like.other`; `StringCatalog`).
package enum StringKey: String, CaseIterable, Sendable {
    // Dates and times.
    case today = "feedshot_today"
    case yesterday = "feedshot_yesterday"
    case justNow = "feedshot_just_now"
    case minutesAgo = "feedshot_minutes_ago"
    case hoursAgo = "feedshot_hours_ago"
    case daysAgo = "feedshot_days_ago"
    case weeksAgo = "feedshot_weeks_ago"
    case monthsAgo = "feedshot_months_ago"
    case yearsAgo = "feedshot_years_ago"

    // Chat.
    case messageEdited = "message_edit"
    case messageDeleted = "message_delete"
    case messageSending = "message_list_sending"
    case readMore = "message_readmore"
    case typingOne = "feedshot_typing_one"
    case typingTwo = "feedshot_typing_two"
    case typingMany = "feedshot_typing_many"
    case voiceMessage = "feedshot_voice_message"
    case file = "general_file"
    case messageRead = "feedshot_message_read"
    case messageWasDeleted = "feedshot_message_was_deleted"

    // Feed.
    case like = "general_like"
    case liked = "general_liked"
    case comment = "feedshot_comment"
    case share = "feedshot_share"
    case moderator = "general_moderator"
    case likes = "unit_like"
    case comments = "unit_comment"
    case shares = "unit_share"
    case viewAllComments = "view_all_comments_title"
    case viewAllFiles = "view_all_files_title"
    case shareToMyTimeline = "feedshot_share_to_my_timeline"
    case shareToGroup = "feedshot_share_to_group"
    case moreOptions = "feedshot_more_options"

    // Comments.
    case reply = "general_reply"
    case viewReplies = "general_view_reply"
    case commentEdited = "post_detail_comment_edited"
    case commentDeleted = "post_detail_deleted_comment_message"
    case replyDeleted = "post_detail_deleted_reply_message"
    case viewMoreReplies = "post_detail_view_more_reply"
    case expandableReadMore = "feedshot_expandable_read_more"

    /// Whether the string has a form per plural category.
    package var isPlural: Bool { StringCatalog.english[rawValue] == nil }
}
