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
}
