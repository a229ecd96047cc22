/// A finished layout: every frame in points, every text block with its lines. The painter draws
/// exactly this; `feedshot layout` prints it as JSON.
public struct Layout: Sendable, Hashable {
    public var width: Double
    public var height: Double
    public var scale: Int
    public var background: Color
    public var items: [LayoutItem]
    public var warnings: [String]

    public init(width: Double, height: Double, scale: Int, background: Color, items: [LayoutItem], warnings: [String] = []) {
        self.width = width
        self.height = height
        self.scale = scale
        self.background = background
        self.items = items
        self.warnings = warnings
    }

    /// The PNG's size: `ceil(width × scale)` × `ceil(height × scale)`.
    public var pixelWidth: Int { Int((width * Double(scale)).rounded(.up)) }
    public var pixelHeight: Int { Int((height * Double(scale)).rounded(.up)) }
}

/// One row: a message cell, a date header or the typing indicator.
public struct LayoutItem: Sendable, Hashable {
    /// The message id, or a derived id (`date-2026-11-29`, `typing`).
    public var id: String
    /// The cell type: `textIncoming`, `imageOutgoing`, `dateHeader`, `typingIndicator`, a custom key.
    public var type: String
    public var frame: Rect
    /// Drawn in order, back to front.
    public var elements: [LayoutElement]
    public var actions: [LayoutAction]
    /// For a post's footer: the events of the share menu its share button opens (allowed items only).
    public var shareMenu: [String] = []

    public init(id: String, type: String, frame: Rect, elements: [LayoutElement] = [], actions: [LayoutAction] = []) {
        self.id = id
        self.type = type
        self.frame = frame
        self.elements = elements
        self.actions = actions
    }
}

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

/// One drawn thing inside an item.
public struct LayoutElement: Sendable, Hashable {
    public var role: ElementRole
    public var frame: Rect
    public var content: ElementContent

    public init(role: ElementRole, frame: Rect, content: ElementContent) {
        self.role = role
        self.frame = frame
        self.content = content
    }
}

/// How an element is drawn.
public enum ElementContent: Sendable, Hashable {
    /// A text block laid out at the frame's width; `lines` are its measured lines.
    case text(StyledText, lines: [String])
    /// A filled (and optionally stroked) rounded rectangle.
    case box(fill: Color, stroke: Color? = nil, corners: CornerRadii)
    /// A decoded image aspect-filled into the frame and clipped to its corners; `ref` is the
    /// document's reference, `cornerRadius` half the side makes a circle.
    case image(ref: String, cornerRadius: Double)
    /// A vector glyph drawn in `color`.
    case glyph(Glyph, color: Color)
    /// A MessageKit message bubble: rounded, with an optional tail, filled and/or outlined.
    case bubble(BubbleShape, fill: Color, stroke: Color?)
}

/// The shape of a MessageKit bubble inside its frame.
public struct BubbleShape: Sendable, Hashable, Codable {
    public enum Tail: String, Sendable, Hashable, Codable {
        case bottomLeft, bottomRight
    }

    /// Corner radius of the body (MessageKit's bubble images are ≈ 17 at 35 tall).
    public var radius: Double
    /// The tail's corner, if any; the body leaves `tailWidth` for it on that side.
    public var tail: Tail?
    /// A pointed tail rather than a curved one.
    public var isPointed: Bool

    public static let tailWidth = 6.0

    public init(radius: Double, tail: Tail? = nil, isPointed: Bool = false) {
        self.radius = radius
        self.tail = tail
        self.isPointed = isPointed
    }
}

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
}

/// A tappable region and the event it fires (SPEC §3).
public struct LayoutAction: Sendable, Hashable {
    public var event: String
    public var arguments: [String: String]
    public var frame: Rect

    public init(event: String, arguments: [String: String], frame: Rect) {
        self.event = event
        self.arguments = arguments
        self.frame = frame
    }
}
