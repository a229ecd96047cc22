/// What an element is for, in the kits' words: `avatar`, `bubble`, `text`, `time`, …
public struct ElementRole: RawRepresentable, Sendable, Hashable, Codable, ExpressibleByStringLiteral {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(stringLiteral value: String) { self.rawValue = value }

    public static let avatar: ElementRole = "avatar"
    public static let name: ElementRole = "name"
    public static let bubble: ElementRole = "bubble"
    public static let text: ElementRole = "text"
    public static let time: ElementRole = "time"
    public static let status: ElementRole = "status"
    public static let image: ElementRole = "image"
    public static let file: ElementRole = "file"
    public static let audio: ElementRole = "audio"
    public static let icon: ElementRole = "icon"
    public static let readMore: ElementRole = "readMore"
    public static let dateHeader: ElementRole = "dateHeader"
    public static let typingIndicator: ElementRole = "typingIndicator"
    public static let tile: ElementRole = "tile"
    public static let likeButton: ElementRole = "likeButton"
    public static let commentButton: ElementRole = "commentButton"
    public static let shareButton: ElementRole = "shareButton"
    public static let counts: ElementRole = "counts"
    public static let comment: ElementRole = "comment"
    public static let menuItem: ElementRole = "menuItem"
}
