/// The small vector glyphs the kits draw from their asset catalogs.
public enum Glyph: String, Sendable, Hashable, Codable {
    /// The default avatar: a person silhouette on the placeholder circle.
    case person
    /// An image that could not be loaded.
    case photo
    /// Play triangle (audio, video).
    case play
    /// A document page with a folded corner.
    case document
    /// Trash can (deleted messages).
    case trash
    /// A circle with an exclamation mark (failed to send).
    case error
    /// Three dots (typing).
    case dots
    /// A map pin (locations).
    case pin
    /// Thumbs up (like).
    case like
    /// A speech bubble (comment).
    case comment
    /// An arrow out of a box (share).
    case share
    /// A filled circle with a check (official community).
    case verified
    /// A shield (moderator).
    case moderator
    /// Three horizontal dots (option button).
    case more
    /// A stack of people (share to group).
    case group
    /// A filled thumbs up (a comment the viewer liked: `icon_like_fill`).
    case likeFilled
    /// A disc shaded from a light to a dark tint of its colour with a white thumbs up (a comment's
    /// reaction count: `icon_like_button`).
    case likeBadge
    /// An outlined arrow curving forward (a comment's Reply button: `icon_reply`).
    case reply
    /// An arrow down and to the right ("View replies", "View more replies": `icon_reply_inverse`).
    case replies
    /// A ring with a slash (a banned user: `icon_community_setting_banned`).
    case banned
    /// A ring with a bar (a deleted comment or reply: `icon_delete_message`).
    case minusCircle
}
