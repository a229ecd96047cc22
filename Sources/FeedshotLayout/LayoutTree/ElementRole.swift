/// What an element is for, in the kits' words: `avatar`, `bubble`, `text`, `time`, …
public struct ElementRole: RawRepresentable, Sendable, Hashable, Codable, ExpressibleByStringLiteral {
    /// The role's name, as `feedshot layout` prints it.
    public var rawValue: String
    /// A role by name.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// A role from a string literal.
    public init(stringLiteral value: String) { self.rawValue = value }

    /// A user's picture or its placeholder.
    public static let avatar: ElementRole = "avatar"
    /// A sender's or author's display name.
    public static let name: ElementRole = "name"
    /// A message's bubble (or a share sheet's panel).
    public static let bubble: ElementRole = "bubble"
    /// Message or post text.
    public static let text: ElementRole = "text"
    /// A message's time, with "Edited" or "Sending..." where they apply.
    public static let time: ElementRole = "time"
    /// A message's status: the failed-message button, the deleted icon, a sending image's veil and spinners.
    public static let status: ElementRole = "status"
    /// A photo, video frame or picture, or its placeholder.
    public static let image: ElementRole = "image"
    /// A file attachment.
    public static let file: ElementRole = "file"
    /// An audio message's controls.
    public static let audio: ElementRole = "audio"
    /// A small glyph or a shape around one.
    public static let icon: ElementRole = "icon"
    /// The "Read more" link of collapsed text.
    public static let readMore: ElementRole = "readMore"
    /// A date header between days.
    public static let dateHeader: ElementRole = "dateHeader"
    /// The "is typing" indicator.
    public static let typingIndicator: ElementRole = "typingIndicator"
    /// One tile of a post's image gallery.
    public static let tile: ElementRole = "tile"
    /// A post's Like button.
    public static let likeButton: ElementRole = "likeButton"
    /// A post's Comment button.
    public static let commentButton: ElementRole = "commentButton"
    /// A post's Share button.
    public static let shareButton: ElementRole = "shareButton"
    /// A post's like, comment and share counts.
    public static let counts: ElementRole = "counts"
    /// A preview comment under a post.
    public static let comment: ElementRole = "comment"
    /// A row of the share sheet.
    public static let menuItem: ElementRole = "menuItem"
    /// The outline of a message the viewer flagged.
    public static let flag: ElementRole = "flag"
}
