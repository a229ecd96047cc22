/// The option fields every level of `messageKit` may state (the global object, `incoming`,
/// `outgoing`, a kind, a kind's side, a message's `messageKit`).
enum OptionKey: String, CodingKey, CaseIterable {
    case avatar, messagePadding, labelInsets, contactInsets, accessoryView, labels, bubble, textColor, audioTintColor, detectors
}

extension MessageKitOptions {
    /// Decodes the option fields of the object `decoder` holds; the caller checks its fields
    /// (`OptionKey` and its own). A message's `accessoryView` may only say what is drawn in it:
    /// its size, padding and position are the calculator's (MessageKit's `accessoryViewSize(for:)`
    /// is public, not open: no delegate answers it per message). A message has no `labelInsets` or
    /// `contactInsets` either: the calculators read them in internal methods
    /// (`TextMessageSizeCalculator.messageLabelInsets(for:)`, `ContactMessageSizeCalculator.contactLabelInsets(for:)`)
    /// from their `incoming…`/`outgoing…` properties, per kind and side.
    init(decoding decoder: any Decoder, isMessage: Bool) throws {
        self.init()
        let c = try decoder.container(keyedBy: OptionKey.self)
        if isMessage, let key = [OptionKey.labelInsets, .contactInsets].first(where: c.contains) {
            throw c.error(
                at: key,
                "is not per message: MessageKit's calculators read it from their incoming and outgoing properties, which no delegate answers per message (state it in \"kinds\", \"incoming\" or \"outgoing\")"
            )
        }
        avatar = try c.decodeIfPresent(AvatarDecoding.self, forKey: .avatar)?.value ?? Avatar()
        messagePadding = try c.decodeIfPresent(SignedInsetsDecoding.self, forKey: .messagePadding)?.insets
        labelInsets = try c.decodeIfPresent(InsetsDecoding.self, forKey: .labelInsets)?.insets
        contactInsets = try c.decodeIfPresent(InsetsDecoding.self, forKey: .contactInsets)?.insets
        if isMessage {
            accessoryView = try c.decodeIfPresent(AccessoryDrawingDecoding.self, forKey: .accessoryView)?.value ?? AccessoryView()
        } else {
            accessoryView = try c.decodeIfPresent(AccessoryDecoding.self, forKey: .accessoryView)?.value ?? AccessoryView()
        }
        labels = try c.decodeIfPresent(LabelsDecoding.self, forKey: .labels)?.value ?? Labels()
        bubble = try c.decodeIfPresent(BubbleDecoding.self, forKey: .bubble)?.value ?? Bubble()
        textColor = try c.decodeIfPresent(Color.self, forKey: .textColor)
        audioTintColor = try c.decodeIfPresent(Color.self, forKey: .audioTintColor)
        detectors = try c.decodeIfPresent(DetectorsDecoding.self, forKey: .detectors)?.value ?? Detectors()
    }
}

/// `30` (a square) or `{"width": 30, "height": 40}`; zero allowed.
struct SizeValueDecoding: Decodable {
    var size: Size

    enum Key: String, CodingKey, CaseIterable { case width, height }

    init(from decoder: any Decoder) throws {
        if let single = try? decoder.singleValueContainer(), let side = try? single.decode(Double.self) {
            guard side.isFinite, side >= 0, side <= 10_000 else {
                throw DocumentError(
                    codingPath: decoder.codingPath, message: "must be a number from 0 to 10000 (got \(side.compactDescription))")
            }
            size = Size(width: side, height: side)
            return
        }
        let c = try decoder.checkedContainer(keyedBy: Key.self)
        size = Size(width: try c.decodeNonNegative(.width, max: 10_000) ?? 0, height: try c.decodeNonNegative(.height, max: 10_000) ?? 0)
    }
}

/// Insets that may be negative (`messagePadding`, a label's `textInsets`): -1000 to 1000, missing sides 0.
struct SignedInsetsDecoding: Decodable {
    var insets: EdgeInsets

    init(from decoder: any Decoder) throws {
        try decoder.checkFields(InsetsDecoding.Key.self)
        let c = try decoder.container(keyedBy: InsetsDecoding.Key.self)
        func side(_ key: InsetsDecoding.Key) throws -> Double {
            guard let value = try c.decodeIfPresent(Double.self, forKey: key) else { return 0 }
            guard value.isFinite, abs(value) <= 1000 else {
                throw c.error(at: key, "must be a number from -1000 to 1000 (got \(value.compactDescription))")
            }
            return value
        }
        insets = EdgeInsets(top: try side(.top), left: try side(.left), bottom: try side(.bottom), right: try side(.right))
    }
}

/// `"avatar": {"size", "position", "hidden", "initials", "initialsFromName", "color", "cornerRadius"}`.
struct AvatarDecoding: Decodable {
    var value = MessageKitOptions.Avatar()

    enum Key: String, CodingKey, CaseIterable { case size, position, hidden, initials, initialsFromName, color, cornerRadius }
    enum PositionKey: String, CodingKey, CaseIterable { case horizontal, vertical }

    init(from decoder: any Decoder) throws {
        let c = try decoder.checkedContainer(keyedBy: Key.self)
        value.size = try c.decodeIfPresent(SizeValueDecoding.self, forKey: .size)?.size
        if (try? c.decode(String.self, forKey: .position)) != nil {
            value.vertical = try c.decodeEnum(MessageKitOptions.AvatarVertical.self, .position)
        } else if c.contains(.position) {
            try c.checkFields(PositionKey.self, at: .position, in: decoder)
            let p = try c.nestedContainer(keyedBy: PositionKey.self, forKey: .position)
            value.horizontal = try p.decodeEnum(MessageKitOptions.AvatarHorizontal.self, .horizontal)
            value.vertical = try p.decodeEnum(MessageKitOptions.AvatarVertical.self, .vertical)
        }
        value.isHidden = try c.decodeIfPresent(Bool.self, forKey: .hidden)
        value.initials = try c.decodeIfPresent(String.self, forKey: .initials)
        value.initialsFromName = try c.decodeIfPresent(Bool.self, forKey: .initialsFromName)
        value.color = try c.decodeIfPresent(Color.self, forKey: .color)
        value.cornerRadius = try c.decodeNonNegative(.cornerRadius, max: 10_000)
        if value.initials != nil, value.initialsFromName == true {
            throw c.error(at: .initialsFromName, "cannot be true with \"initials\" (give one)")
        }
    }
}

/// `"accessoryView": {"size", "padding": {"left", "right"}, "position", "color", "cornerRadius"}`.
struct AccessoryDecoding: Decodable {
    var value = MessageKitOptions.AccessoryView()

    enum Key: String, CodingKey, CaseIterable { case size, padding, position, color, cornerRadius }
    enum PaddingKey: String, CodingKey, CaseIterable { case left, right }

    init(from decoder: any Decoder) throws {
        let c = try decoder.checkedContainer(keyedBy: Key.self)
        value.size = try c.decodeIfPresent(SizeValueDecoding.self, forKey: .size)?.size
        try c.checkFields(PaddingKey.self, at: .padding, in: decoder)
        if c.contains(.padding) {
            let p = try c.nestedContainer(keyedBy: PaddingKey.self, forKey: .padding)
            value.paddingLeft = try p.decodeNonNegative(.left, max: 1000) ?? 0
            value.paddingRight = try p.decodeNonNegative(.right, max: 1000) ?? 0
        }
        value.position = try c.decodeEnum(MessageKitOptions.AccessoryPosition.self, .position)
        value.color = try c.decodeIfPresent(Color.self, forKey: .color)
        value.cornerRadius = try c.decodeNonNegative(.cornerRadius, max: 10_000)
    }
}

/// A message's `accessoryView`: only what `configureAccessoryView` draws in it.
struct AccessoryDrawingDecoding: Decodable {
    var value = MessageKitOptions.AccessoryView()

    enum Key: String, CodingKey, CaseIterable { case color, cornerRadius }

    init(from decoder: any Decoder) throws {
        let object = try decoder.container(keyedBy: AnyKey.self)
        for key in ["size", "padding", "position"] where object.contains(AnyKey(key)) {
            throw object.error(
                at: AnyKey(key),
                "is set per side or kind, not per message (MessageKit's accessoryViewSize, accessoryViewPadding and accessoryViewPosition are not open)"
            )
        }
        let c = try decoder.checkedContainer(keyedBy: Key.self)
        value.color = try c.decodeIfPresent(Color.self, forKey: .color)
        value.cornerRadius = try c.decodeNonNegative(.cornerRadius, max: 10_000)
    }
}

/// `"bubble": {"style", "tailCorner", "tailStyle", "color", "outlineColor", "image": {"src",
/// "scale"}, "mask": {"corners", "radius"}}`.
struct BubbleDecoding: Decodable {
    var value = MessageKitOptions.Bubble()

    enum Key: String, CodingKey, CaseIterable { case style, tailCorner, tailStyle, color, outlineColor, image, mask }
    enum ImageKey: String, CodingKey, CaseIterable { case src, scale }
    enum MaskKey: String, CodingKey, CaseIterable { case corners, radius }

    init(from decoder: any Decoder) throws {
        let c = try decoder.checkedContainer(keyedBy: Key.self)
        value.style = try c.decodeEnum(MessageKitOptions.Bubble.Style.self, .style)
        value.tailCorner = try c.decodeEnum(BubbleShape.Corner.self, .tailCorner)
        value.tailStyle = try c.decodeEnum(BubbleShape.TailStyle.self, .tailStyle)
        value.color = try c.decodeIfPresent(Color.self, forKey: .color)
        value.outlineColor = try c.decodeIfPresent(Color.self, forKey: .outlineColor)
        try c.checkFields(ImageKey.self, at: .image, in: decoder)
        if c.contains(.image) {
            let image = try c.nestedContainer(keyedBy: ImageKey.self, forKey: .image)
            let src = try image.decode(String.self, forKey: .src)
            if src.isEmpty { throw image.error(at: .src, "must name an image (got an empty string)") }
            var scale: Double?
            if image.contains(.scale) {
                let given = try image.decode(Double.self, forKey: .scale)
                guard [1, 2, 3].contains(given) else { throw image.error(at: .scale, "must be 1, 2 or 3 (got \(given))") }
                scale = given
            }
            value.image = MessageKitOptions.Bubble.Image(src: src, scale: scale)
        }
        try c.checkFields(MaskKey.self, at: .mask, in: decoder)
        if c.contains(.mask) {
            let mask = try c.nestedContainer(keyedBy: MaskKey.self, forKey: .mask)
            let names = try mask.decode([String].self, forKey: .corners)
            var corners: Set<BubbleShape.Corner> = []
            for name in names {
                guard let corner = BubbleShape.Corner(rawValue: name) else {
                    let known = BubbleShape.Corner.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
                    throw mask.error(at: .corners, "must list corners of \(known) (got \"\(name)\")")
                }
                guard corners.insert(corner).inserted else { throw mask.error(at: .corners, "lists \"\(name)\" twice") }
            }
            guard let radius = try mask.decodeNonNegative(.radius, max: 10_000) else {
                throw mask.error(at: .radius, "is required: the rounded corners' radius in points")
            }
            value.mask = MessageKitOptions.Bubble.CornerMask(corners: corners, radius: radius)
        }
    }
}
