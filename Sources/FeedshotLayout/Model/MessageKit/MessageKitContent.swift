import Foundation

/// The content MessageKit's kinds carry beyond text and images.
public struct MessageKitContent: Sendable, Hashable {
    /// A run of `attributedText`.
    public struct Run: Sendable, Hashable {
        /// The run's text.
        public var text: String
        /// Bold.
        public var isBold = false
        /// Italic.
        public var isItalic = false
        /// A URL (`.link`): drawn as TextKit draws links, in the link colour and underlined.
        public var link: String?
        /// A user id: drawn bold in the text's colour (Feedshot's shorthand; a run's `color` wins), tappable as `didSelectMention`.
        public var mention: String?
        /// The run's colour.
        public var color: Color?
        /// The run's own font (`.font`); the body font when nil.
        public var font: FontSpec?

        /// A run of `text` with its attributes.
        public init(
            text: String, isBold: Bool = false, isItalic: Bool = false, link: String? = nil, mention: String? = nil, color: Color? = nil,
            font: FontSpec? = nil
        ) {
            self.text = text
            self.isBold = isBold
            self.isItalic = isItalic
            self.link = link
            self.mention = mention
            self.color = color
            self.font = font
        }
    }

    /// A location: a map with a pin.
    public struct Location: Sendable, Hashable {
        /// Degrees north.
        public var latitude: Double
        /// Degrees east.
        public var longitude: Double
        /// The container size (240 × 240 by default).
        public var size: Size?
    }

    /// A shared contact.
    public struct Contact: Sendable, Hashable {
        /// The contact's name.
        public var displayName: String
        /// The initials shown; derived from the name when nil.
        public var initials: String?
    }

    /// A link preview.
    public struct Link: Sendable, Hashable {
        /// The URL.
        public var url: String
        /// The page title.
        public var title: String?
        /// A line of the page's description.
        public var teaser: String
        /// Image reference of the page's picture.
        public var thumbnail: String?

        /// `URL.host`, as the calculator measures it: nil when the URL has none (no scheme).
        public var host: String? {
            URL(string: url)?.host
        }
    }

    /// The runs of an `attributedText` message.
    public var runs: [Run] = []
    /// A `location` message's location.
    public var location: Location?
    /// A `contact` message's contact.
    public var contact: Contact?
    /// A `linkPreview` message's link.
    public var link: Link?
    /// The `custom` kind's container size.
    public var customSize: Size?
    /// Audio item size (MessageKit's `AudioItem.size`).
    public var audioSize: Size?
    /// Shown as "Read" on the message bottom label.
    public var isRead = false
    /// What the app's delegates answer for this message (`messageKit` in the message).
    public var options = MessageKitOptions()
    /// `headerViewSize(for:in:)` of this message's section; the document's when nil.
    public var headerHeight: Double?
    /// `footerViewSize(for:in:)` of this message's section.
    public var footerHeight: Double?

    /// No extra content.
    public init() {}
}

extension MessageKitContent {
    /// A MessageKit message's own fields (besides those every message has).
    enum Key: String, CodingKey, CaseIterable { case runs, location, contact, link, custom, read, messageKit }
    /// A message's `messageKit`: the option fields, and its section's header and footer.
    enum MessageOptionKey: String, CodingKey, CaseIterable { case header, footer }
    enum HeightKey: String, CodingKey, CaseIterable { case height }
    enum LocationKey: String, CodingKey, CaseIterable { case latitude, longitude, width, height }
    enum ContactKey: String, CodingKey, CaseIterable { case displayName, initials }
    enum LinkKey: String, CodingKey, CaseIterable { case url, title, teaser, thumbnail }
    enum SizeKey: String, CodingKey, CaseIterable { case width, height }
    enum AudioKey: String, CodingKey, CaseIterable { case duration, width, height }
    /// `audio` sits among the fields every message has.
    enum SharedKey: String, CodingKey { case audio }

    /// Decodes the MessageKit fields of a message object (all optional).
    init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: Key.self)
        runs = try c.decodeRuns(.runs, in: decoder) ?? []
        try c.checkFields(LocationKey.self, at: .location, in: decoder)
        try c.checkFields(ContactKey.self, at: .contact, in: decoder)
        try c.checkFields(LinkKey.self, at: .link, in: decoder)
        try c.checkFields(SizeKey.self, at: .custom, in: decoder)
        let shared = try decoder.container(keyedBy: SharedKey.self)
        try shared.checkFields(AudioKey.self, at: .audio, in: decoder)
        if c.contains(.location) {
            let l = try c.nestedContainer(keyedBy: LocationKey.self, forKey: .location)
            let latitude = try l.decode(Double.self, forKey: .latitude), longitude = try l.decode(Double.self, forKey: .longitude)
            guard (-90...90).contains(latitude) else { throw l.error(at: .latitude, "must be from -90 to 90") }
            guard (-180...180).contains(longitude) else { throw l.error(at: .longitude, "must be from -180 to 180") }
            var size: Size?
            if let w = try l.decodePositive(.width, max: 10_000), let h = try l.decodePositive(.height, max: 10_000) {
                size = Size(width: w, height: h)
            }
            location = Location(latitude: latitude, longitude: longitude, size: size)
        }
        if c.contains(.contact) {
            let k = try c.nestedContainer(keyedBy: ContactKey.self, forKey: .contact)
            contact = Contact(
                displayName: try k.decode(String.self, forKey: .displayName),
                initials: try k.decodeIfPresent(String.self, forKey: .initials))
        }
        if c.contains(.link) {
            let k = try c.nestedContainer(keyedBy: LinkKey.self, forKey: .link)
            link = Link(
                url: try k.decode(String.self, forKey: .url), title: try k.decodeIfPresent(String.self, forKey: .title),
                teaser: try k.decodeIfPresent(String.self, forKey: .teaser) ?? "",
                thumbnail: try k.decodeIfPresent(String.self, forKey: .thumbnail))
        }
        if c.contains(.custom) {
            let k = try c.nestedContainer(keyedBy: SizeKey.self, forKey: .custom)
            if let w = try k.decodePositive(.width, max: 10_000), let h = try k.decodePositive(.height, max: 10_000) {
                customSize = Size(width: w, height: h)
            }
        }
        if shared.contains(.audio) {
            let k = try shared.nestedContainer(keyedBy: SizeKey.self, forKey: .audio)
            if let w = try k.decodePositive(.width, max: 10_000), let h = try k.decodePositive(.height, max: 10_000) {
                audioSize = Size(width: w, height: h)
            }
        }
        isRead = try c.decodeIfPresent(Bool.self, forKey: .read) ?? false
        if c.contains(.messageKit) {
            let options = try c.decode(MessageOptionsDecoding.self, forKey: .messageKit)
            self.options = options.options
            headerHeight = options.headerHeight
            footerHeight = options.footerHeight
        }
    }
}

/// A message's `messageKit`: its delegates' answers (`MessageKitOptions`), and its section's
/// `header` and `footer` heights.
struct MessageOptionsDecoding: Decodable {
    var options: MessageKitOptions
    var headerHeight: Double?
    var footerHeight: Double?

    init(from decoder: any Decoder) throws {
        let keys = MessageKitContent.MessageOptionKey.self
        try decoder.checkFields(known: OptionKey.allCases.map(\.rawValue) + keys.allCases.map(\.rawValue))
        options = try MessageKitOptions(decoding: decoder, isMessage: true)
        let c = try decoder.container(keyedBy: keys)
        for key in keys.allCases {
            try c.checkFields(MessageKitContent.HeightKey.self, at: key, in: decoder)
            guard c.contains(key) else { continue }
            let height = try c.nestedContainer(keyedBy: MessageKitContent.HeightKey.self, forKey: key).decodeNonNegative(
                .height, max: 10_000)
            if key == .header { headerHeight = height } else { footerHeight = height }
        }
    }
}
