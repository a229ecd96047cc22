/// The small vector glyphs the kits draw from their asset catalogs.
public enum Glyph: String, Sendable, Hashable, Codable {
    /// The default avatar: a person silhouette on the placeholder circle.
    case person
    /// An image that could not be loaded.
    case photo
    /// Play triangle (audio, video).
    case play
    /// A document page with a folded corner. No cell of Feedshot's draws it since chat file
    /// messages take the kit's file icons (December 2026); kept so code and saved layout trees
    /// that name it still compile and decode.
    case document
    /// A map pin (locations).
    case pin
    /// Amity's `icon_message_failed`: a filled disc with an exclamation mark cut out (16-pt grid).
    case messageFailed
    /// Amity's `icon_delete_message`: a ring with a minus bar (15.5-pt art in a 16-pt view).
    case messageDeleted
    /// Amity's `icon_play` (chat audio): a rounded play triangle.
    case roundedPlay
    /// Amity's `icon_pause` (chat audio): two rounded bars.
    case pause
    /// Amity's `default_message_image`: a picture crossed out, drawn to fill a 40 × 32 frame.
    case imagePlaceholder
    /// A still frame of `UIActivityIndicatorView`: eight spokes fading clockwise.
    case spinner
    /// MessageKit's `play` image: a 1-pt ring with a play triangle in it (audio messages).
    case playCircle
    /// `PlayButtonView`'s triangle, filling its frame (video messages).
    case playTriangle

    // Feed posts: the Amity UIKit's own icons (its asset catalogue, drawn from the PDFs' paths).
    /// `icon_badge_checkmark`: the official community badge (tinted).
    case officialBadge
    /// `icon_badge_moderator`: the moderator shield (its own colour).
    case moderatorBadge
    /// `icon_community_setting_banned`: a globally banned author (tinted).
    case bannedBadge
    /// `icon_option`: the post's option button (tinted).
    case optionDots
    /// `icon_like`: the Like button (tinted).
    case likeOutline
    /// `icon_like_fill`: the Liked button (tinted).
    case likeFill
    /// `icon_like_button`: the blue disc before a like count (its own colours).
    case likeBadge
    /// `icon_comment`: the Comment button (its own colour).
    case commentOutline
    /// `icon_share`: the Share button (its own colour).
    case shareOutline
    /// SF Symbols `play.fill`: a video tile's play mark (tinted).
    case playFill
    /// `play_livestream_button`: a live stream's play button (its own colours).
    case playLiveStream
    /// `default_livestream`: a live stream without a thumbnail (its own colours).
    case liveStreamPlaceholder
    /// `ic_post_placeholder`: the unknown post's card (its own colour).
    case postPlaceholder
    /// `icon_radio_on`, `icon_radio_off`, `icon_radio_check`: a poll answer's choice (their own colours).
    case radioOn, radioOff, radioCheck
    /// `UIActivityIndicatorView` (`.gray`): twelve spokes, fading (tinted).
    case activityIndicator
    /// `empty_preview_link_image`: a link preview without an image (its own colours).
    case linkPreviewImage
    /// `empty_preview_link_broken_image`: a link preview without metadata (its own colours).
    case linkPreviewBroken
    /// `icon_file_*`: a file's page with its type's symbol and label (their own colours), chosen
    /// by extension as `AmityFileExtension` and `AmityFile.getFileIcon` choose.
    case fileAudio, fileAvi, fileCsv, fileDefault, fileDoc, fileHtml, fileImg, fileMov
    /// More `icon_file_*` icons.
    case fileMp3, fileMp4, fileMpeg, filePdf, filePpt, fileTxt, fileXls, fileZip
    /// An outlined arrow curving forward (a comment's Reply button: `icon_reply`, tinted).
    case reply
    /// An arrow down and to the right ("View replies", "View more replies": `icon_reply_inverse`, in
    /// its own colour, #636878).
    case replies
}
