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
    /// MessageKit's `play` image: a 1-pt ring with a play triangle in it (audio messages).
    case playCircle
    /// `PlayButtonView`'s triangle, filling its frame (video messages).
    case playTriangle
}
