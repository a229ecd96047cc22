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
        /// A URL: drawn in the link colour.
        public var link: String?
        /// A user id: drawn bold in the link colour.
        public var mention: String?
        /// The run's colour.
        public var color: Color?
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

        /// The URL's host ("example.com"), as the preview shows it.
        public var host: String {
            var rest = Substring(url)
            if let scheme = rest.range(of: "://") { rest = rest[scheme.upperBound...] }
            return String(rest.prefix { $0 != "/" && $0 != "?" && $0 != "#" && $0 != ":" })
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

    /// No extra content.
    public init() {}
}

extension MessageKitContent {
    /// A MessageKit message's own fields (besides those every message has).
    enum Key: String, CodingKey, CaseIterable { case runs, location, contact, link, custom, read }
    enum RunKey: String, CodingKey, CaseIterable { case text, bold, italic, link, mention, color }
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
        if c.contains(.runs) {
            var list = try c.nestedUnkeyedContainer(forKey: .runs)
            var checking = try c.nestedUnkeyedContainer(forKey: .runs)
            while !list.isAtEnd {
                try checking.decode(FieldCheck<RunKey>.self)
                let r = try list.nestedContainer(keyedBy: RunKey.self)
                runs.append(
                    Run(
                        text: try r.decode(String.self, forKey: .text), isBold: try r.decodeIfPresent(Bool.self, forKey: .bold) ?? false,
                        isItalic: try r.decodeIfPresent(Bool.self, forKey: .italic) ?? false,
                        link: try r.decodeIfPresent(String.self, forKey: .link),
                        mention: try r.decodeIfPresent(String.self, forKey: .mention),
                        color: try r.decodeIfPresent(Color.self, forKey: .color)))
            }
        }
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
    }
}
