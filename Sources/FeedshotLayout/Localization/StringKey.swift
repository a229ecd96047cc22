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
    case anonymous = "general_anonymous"

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
    case shareToMyTimeline = "share_to_my_timeline"
    case shareToGroup = "share_to_group"
    case moreOptions = "more_options"
    case edited = "post_detail_comment_edited"
    case badgeSeparator = "feedshot_badge_separator"
    case joinCommunity = "post_detail_join_community_message"
    case placeholderTitle = "post_place_holder_title"
    case placeholderDescription = "post_place_holder_desc"
    case accept = "general_accept"
    case decline = "general_decline"
    case pollSubmitVote = "poll_submit_vote_title"
    case pollVoteCount = "poll_vote_count_title"
    case pollFinalResults = "poll_final_result"
    case pollOpenForVoting = "poll_open_for_voting"
    case pollEndsInDays = "poll_ends_in_days"
    case pollEndsInHours = "poll_ends_in_hours"
    case pollEndsInMinutes = "poll_ends_in_minutes"
    case unitDays = "unit_day"
    case unitHours = "unit_hour"
    case unitMinutes = "unit_minute"
    case pollViewFullResults = "poll_view_full_result"
    case pollMoreOptions = "poll_more_options"
    case liveStreamLive = "feedshot_livestream_live"
    case liveStreamRecorded = "feedshot_livestream_recorded"
    case liveStreamEnded = "feedshot_livestream_ended"
    case liveStreamEndedDescription = "feedshot_livestream_ended_description"
    case liveStreamUnavailable = "feedshot_livestream_unavailable"
    case previewNotAvailable = "feedshot_preview_not_available"
    case previewCheckURL = "feedshot_preview_check_url"
    case byteCountZero = "feedshot_byte_count_zero"
    case byteCountBytes = "feedshot_byte_count_bytes"
    case byteCountKB = "feedshot_byte_count_kb"
    case byteCountMB = "feedshot_byte_count_mb"
    case byteCountGB = "feedshot_byte_count_gb"

    // Comments.
    case reply = "general_reply"
    case viewReplies = "general_view_reply"
    case commentDeleted = "post_detail_deleted_comment_message"
    case replyDeleted = "post_detail_deleted_reply_message"
    case viewMoreReplies = "post_detail_view_more_reply"

    /// Whether the string has a form per plural category.
    package var isPlural: Bool { StringCatalog.english[rawValue] == nil }

    /// Whether a language may give the string a form per plural category (`key.one` … `key.other`,
    /// with `%@` for the number) though English has one: the poll's vote count, which the kit
    /// writes as the number and one word ("1 votes", "21 votes") — right in English but for one,
    /// wrong in Arabic or Hebrew, whose noun agrees with its number.
    package var mayHavePluralForms: Bool { self == .pollVoteCount }
}
