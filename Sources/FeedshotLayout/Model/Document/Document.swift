import Foundation

/// One input document: the canvas and conventions it is drawn with, and what it shows.
///
/// What it shows is one enum, `Content`, a case per kind, each with its own model; the fields
/// every kind shares (width, scale, theme, text size, clock, locale) sit beside it
/// (docs/ARCHITECTURE.md, "The document model").
public struct Document: Sendable {
    /// The value of a document's `kind` field.
    public enum Kind: String, Sendable, CaseIterable {
        case chat, message, feed, post, shareSheet
    }

    /// What the document shows.
    public enum Content: Sendable {
        /// A conversation, oldest message first, with a date header before each day.
        case chat(Chat)
        /// One message alone, for a snapshot of a single cell: its chat holds that one message.
        case message(Chat)
        /// Posts as the Amity feed shows them.
        case feed(Feed)
        /// One post alone: its feed holds that one post.
        case post(Feed)
        /// The menu a post's share button opens.
        case shareSheet(ShareSheet)
    }

    /// Canvas width in points.
    public var width: Double
    /// Pixels per point: 1, 2 or 3.
    public var scale: Int
    /// The palette.
    public var theme: Theme
    /// The iOS content size category (Dynamic Type).
    public var textSize: ContentSizeCategory
    /// The instant relative dates ("Today", "2 hours ago") are computed from.
    public var now: Date
    /// Formats times, dates and numbers. A decoded document's is checked (Foundation on Linux traps
    /// on some identifiers ICU takes, docs/bad-input.md); one set in code should be a plain
    /// identifier like "en_US", "ar@numbers=arab".
    public var locale: Locale
    /// Decides day boundaries and the times shown. A decoded document's is checked: Foundation's
    /// date formatter on Linux traps on a zone the tz database's files do not have, though
    /// `TimeZone(identifier:)` made it ("US/Pacific-New", "GMT+15"); one set in code should be a tz
    /// database name or an offset within 14:59 of GMT.
    public var timeZone: TimeZone
    /// Which way the interface runs: right to left mirrors the layout as UIKit mirrors leading
    /// and trailing constraints. By default the locale's language decides (Arabic, Hebrew, Persian,
    /// Urdu… run right to left).
    public var layoutDirection: LayoutDirection
    /// UI strings by key over the bundled catalogue of `locale`'s language, as an app overrides
    /// `AmityLocalizable.strings` (docs/languages.md lists the keys).
    public var strings: [String: String]
    /// The app's fonts for the Amity kit's text roles (`AmityUIKitManager.set(typography:)`); the
    /// kit's defaults where not set.
    public var typography = Typography()
    /// What is drawn.
    public var content: Content
    /// What decoding noticed without refusing the document (unknown fields, when decoding leniently).
    public var warnings: [String]

    /// Creates a document; every setting but `content` has the default a JSON document gets.
    public init(
        content: Content, width: Double = 375, scale: Int = 2, theme: Theme = .amityLight, textSize: ContentSizeCategory = .large,
        now: Date = Date(), locale: Locale = Locale(identifier: "en_US"), timeZone: TimeZone = TimeZone(identifier: "UTC")!,
        strings: [String: String] = [:]
    ) {
        self.content = content
        self.strings = strings
        self.layoutDirection = LayoutDirection(locale: locale)
        self.warnings = []
        self.width = width
        self.scale = scale
        self.theme = theme
        self.textSize = textSize
        self.now = now
        self.locale = locale
        self.timeZone = timeZone
    }

    /// The kind `content` is.
    public var kind: Kind {
        switch content {
        case .chat: .chat
        case .message: .message
        case .feed: .feed
        case .post: .post
        case .shareSheet: .shareSheet
        }
    }

    /// Every image reference the document draws, for the renderer to load.
    public var imageReferences: Set<String> { imageReferences(composers: PostComposers()) }

    /// Every image reference the document draws when `composers` lay out its custom post types,
    /// for the renderer to load: only what the layout can draw (an avatar of a user who sends
    /// nothing, a post's fifth photo, is not read, fetched or decoded).
    public func imageReferences(composers: PostComposers) -> Set<String> {
        var references: Set<String>
        switch content {
        case .chat(let chat), .message(let chat): references = chat.imageReferences
        case .feed(let feed), .post(let feed): references = feed.imageReferences(composers: composers)
        case .shareSheet: references = []
        }
        references.remove("")
        return references
    }
}
