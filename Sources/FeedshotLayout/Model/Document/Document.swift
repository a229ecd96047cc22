import Foundation

/// One input document: what to render and how (SPEC §2).
public struct Document: Sendable {
    public enum Kind: String, Sendable, CaseIterable {
        case chat, message, feed, post, shareSheet
    }

    /// The chat layout profile.
    public enum Style: String, Sendable, CaseIterable {
        case amity, messagekit
    }

    public var kind: Kind
    /// Canvas width in points.
    public var width: Double
    /// Pixels per point: 1, 2 or 3.
    public var scale: Int
    public var theme: Theme
    public var style: Style
    public var textSize: ContentSizeCategory
    /// The instant relative dates are computed from.
    public var now: Date
    public var locale: Locale
    public var timeZone: TimeZone
    /// The conversation (for `message`, a conversation of one message).
    public var chat: Chat
    /// MessageKit layout settings (used when `style` is `messagekit`).
    public var messageKit = MessageKitSettings()
    /// The posts of a `feed` or `post` document (and the sharing settings of a `shareSheet`).
    public var feed = Feed()
    /// What a `shareSheet` document shows.
    public var shareSheet: ShareSheetRequest?

    /// Every image reference the document draws, for the renderer to load.
    public var imageReferences: Set<String> {
        var refs = chat.imageReferences
        for post in feed.posts {
            refs.formUnion([post.author.avatar].compactMap { $0 })
            refs.formUnion(post.images.map(\.src))
            refs.formUnion(post.previewComments.compactMap(\.author.avatar))
            for case .custom(let component) in post.components { if let image = component.image { refs.insert(image) } }
        }
        refs.remove("")
        return refs
    }

    public init(
        kind: Kind, width: Double = 375, scale: Int = 2, theme: Theme = .amityLight, style: Style = .amity,
        textSize: ContentSizeCategory = .large, now: Date = Date(), locale: Locale = Locale(identifier: "en_US"),
        timeZone: TimeZone = TimeZone(identifier: "UTC")!, chat: Chat
    ) {
        self.kind = kind
        self.width = width
        self.scale = scale
        self.theme = theme
        self.style = style
        self.textSize = textSize
        self.now = now
        self.locale = locale
        self.timeZone = timeZone
        self.chat = chat
    }
}

/// Bounds a document must stay within; each is a setting of the CLI and server.
public struct DocumentLimits: Sendable, Hashable {
    /// Largest canvas width in points.
    public var maxWidth: Double = 4096
    /// Most messages (or posts) in one document.
    public var maxItems: Int = 10_000
    /// Custom post data types a Swift `PostComposable` draws, so their posts need no `components`.
    public var composedPostTypes: Set<String> = []
    /// Longest text of one message, in characters.
    public var maxTextLength: Int = 100_000

    public init() {}
    public static let `default` = DocumentLimits()
}

extension Document {
    /// Decodes and validates a JSON document.
    ///
    /// - Throws: `DocumentError` naming the JSON path at fault.
    public static func decode(_ data: Data, limits: DocumentLimits = .default) throws(DocumentError) -> Document {
        let decoder = JSONDecoder()
        decoder.userInfo[.documentLimits] = limits
        do {
            return try decoder.decode(DocumentDecoding.self, from: data).document
        } catch let error as DocumentError {
            throw error
        } catch let error as DecodingError {
            if case .dataCorrupted(let context) = error, context.codingPath.isEmpty, context.underlyingError == nil {
                throw DocumentError(path: "", message: "malformed JSON: \(syntaxError(in: data))")
            }
            throw DocumentError(error)
        } catch {
            throw DocumentError(path: "", message: "\(error)")
        }
    }
}

/// Foundation's JSONDecoder says only "not valid JSON"; JSONSerialization says where and why.
func syntaxError(in data: Data) -> String {
    do {
        _ = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
        return "not a JSON document"
    } catch {
        return ((error as NSError).userInfo["NSDebugDescription"] as? String) ?? "not valid JSON"
    }
}

extension CodingUserInfoKey {
    static let documentLimits = CodingUserInfoKey(rawValue: "feedshot.documentLimits")!
}

extension Decoder {
    var limits: DocumentLimits { userInfo[.documentLimits] as? DocumentLimits ?? .default }
}

/// The top-level JSON object.
struct DocumentDecoding: Decodable {
    var document: Document

    enum Key: String, CodingKey {
        case kind, width, scale, theme, style, textSize, now, locale, timeZone
        case me, users, messages, message, typing, cells, messageKit
        case viewer, sharing, posts, post, origin, postId
    }

    init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: Key.self)
        let limits = decoder.limits
        let kindName = try c.decode(String.self, forKey: .kind)
        guard let kind = Document.Kind(rawValue: kindName) else {
            let supported = Document.Kind.allCases.map(\.rawValue).joined(separator: ", ")
            throw c.error(at: .kind, "unknown kind \"\(kindName)\" (supported: \(supported))")
        }
        let width = try c.decodePositive(.width, max: limits.maxWidth) ?? 375
        guard width <= limits.maxWidth else {
            throw c.error(at: .width, "must be at most \(limits.maxWidth.formatted) (got the default, 375)")
        }
        var scale = 2
        if c.contains(.scale) {
            let value = try c.decode(Double.self, forKey: .scale)
            guard [1.0, 2.0, 3.0].contains(value) else { throw c.error(at: .scale, "must be 1, 2 or 3 (got \(value.formatted))") }
            scale = Int(value)
        }
        let theme = try c.decodeIfPresent(ThemeDecoding.self, forKey: .theme)?.theme ?? .amityLight
        var style = Document.Style.amity
        if let name = try c.decodeIfPresent(String.self, forKey: .style) {
            guard let value = Document.Style(rawValue: name) else {
                throw c.error(at: .style, "unknown style \"\(name)\" (supported: amity, messagekit)")
            }
            style = value
        }
        var textSize = ContentSizeCategory.large
        if let name = try c.decodeIfPresent(String.self, forKey: .textSize) {
            guard let value = ContentSizeCategory(rawValue: name) else {
                throw c.error(
                    at: .textSize, "unknown text size \"\(name)\" (use xSmall … xxxLarge or accessibilityMedium … accessibilityXXXLarge)")
            }
            textSize = value
        }
        let now = try c.decodeDateIfPresent(.now) ?? Date()
        let locale = Locale(identifier: try c.decodeIfPresent(String.self, forKey: .locale) ?? "en_US")
        var timeZone = TimeZone(identifier: "UTC")!
        if let name = try c.decodeIfPresent(String.self, forKey: .timeZone) {
            guard let value = TimeZone(identifier: name) else { throw c.error(at: .timeZone, "unknown time zone \"\(name)\"") }
            timeZone = value
        }
        let messageKit = try c.decodeIfPresent(MessageKitSettingsDecoding.self, forKey: .messageKit)?.settings ?? MessageKitSettings()
        var chat = Chat(me: "", messages: [])
        var feed = Feed()
        var shareSheet: ShareSheetRequest?
        switch kind {
        case .chat, .message:
            chat = try Chat(from: decoder, single: kind == .message, messageKit: style == .messagekit ? messageKit : nil)
        case .feed, .post:
            feed = try Feed(from: decoder, single: kind == .post)
            chat.me = feed.viewer
        case .shareSheet:
            feed.sharing = try c.decodeIfPresent(SharingDecoding.self, forKey: .sharing)?.settings ?? .defaults
            shareSheet = try ShareSheetRequest(from: decoder)
        }
        document = Document(
            kind: kind, width: width, scale: scale, theme: theme, style: style, textSize: textSize,
            now: now, locale: locale, timeZone: timeZone, chat: chat)
        document.messageKit = messageKit
        document.feed = feed
        document.shareSheet = shareSheet
    }
}

/// `"light"`, `"dark"`, or an object of palette colours over a starting theme (`"base"`).
struct ThemeDecoding: Decodable {
    var theme: Theme

    struct AnyKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    static func named(_ name: String) -> Theme? {
        switch name {
        case "light": .amityLight
        case "dark": .amityDark
        default: nil
        }
    }

    init(from decoder: any Decoder) throws {
        if let single = try? decoder.singleValueContainer(), let name = try? single.decode(String.self) {
            guard let theme = ThemeDecoding.named(name) else {
                throw DocumentError(
                    codingPath: decoder.codingPath, message: "unknown theme \"\(name)\" (use \"light\", \"dark\" or an object of colours)")
            }
            self.theme = theme
            return
        }
        let c = try decoder.container(keyedBy: AnyKey.self)
        var theme = Theme.amityLight
        if c.contains(AnyKey(stringValue: "theme")) {
            let name = try c.decode(String.self, forKey: AnyKey(stringValue: "theme"))
            guard let start = ThemeDecoding.named(name) else {
                throw c.error(at: AnyKey(stringValue: "theme"), "unknown theme \"\(name)\" (use \"light\" or \"dark\")")
            }
            theme = start
        }
        for key in c.allKeys where key.stringValue != "theme" {
            guard let path = Theme.paletteKey(key.stringValue) else {
                let known = Theme.paletteKeyNames.joined(separator: ", ")
                throw c.error(at: key, "unknown palette colour (known: theme, \(known))")
            }
            theme[keyPath: path] = try c.decode(Color.self, forKey: key)
        }
        theme.name = "custom"
        self.theme = theme
    }
}

extension KeyedDecodingContainer {
    /// An ISO-8601 instant (`2026-11-29T12:00:00Z`, fractional seconds and offsets allowed).
    func decodeDateIfPresent(_ key: Key) throws -> Date? {
        guard let text = try decodeIfPresent(String.self, forKey: key) else { return nil }
        guard let date = ISO8601.parse(text) else {
            throw error(at: key, "must be an ISO-8601 date-time like \"2026-11-29T12:00:00Z\" (got \"\(text)\")")
        }
        return date
    }

    func decodeDate(_ key: Key) throws -> Date {
        guard let date = try decodeDateIfPresent(key) else { throw error(at: key, "is required") }
        return date
    }
}

enum ISO8601 {
    static func parse(_ text: String) -> Date? {
        if let date = try? Date(text, strategy: .iso8601) { return date }
        return try? Date(text, strategy: Date.ISO8601FormatStyle(includingFractionalSeconds: true))
    }
}
