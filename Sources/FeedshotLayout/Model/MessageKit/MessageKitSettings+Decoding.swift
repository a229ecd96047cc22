/// `"messageKit": {...}` in a document: the flow layout's settings, the option fields for every
/// message, `incoming`, `outgoing`, `kinds`, and the keys of Feedshot's earlier versions
/// (`avatarSize`, `bubbleStyle`, `incomingColor`, …), each the same as one new field.
struct MessageKitSettingsDecoding: Decodable {
    var settings: MessageKitSettings

    enum Key: String, CodingKey, CaseIterable {
        case sectionInset, avatarLeadingTrailingPadding, typingIndicator, header, footer, backgroundColor, mirror, incoming, outgoing, kinds
        // Earlier keys.
        case avatarSize, avatarPosition, bubbleStyle, cellTopLabelHeight, messageTopLabelHeight, messageBottomLabelHeight
        case cellBottomLabelHeight, incomingMessagePadding, outgoingMessagePadding, incomingTextInsets, outgoingTextInsets
        case incomingColor, outgoingColor
    }
    enum TypingKey: String, CodingKey, CaseIterable { case width, height }

    /// Earlier `bubbleStyle` values.
    enum LegacyBubbleStyle: String, CaseIterable {
        case bubble, bubbleTail, bubbleTailPointed, bubbleOutline, bubbleTailOutline, none
    }

    init(from decoder: any Decoder) throws {
        try decoder.checkFields(known: Key.allCases.map(\.rawValue) + OptionKey.allCases.map(\.rawValue))
        let c = try decoder.container(keyedBy: Key.self)
        var s = MessageKitSettings()
        if let insets = try c.decodeIfPresent(InsetsDecoding.self, forKey: .sectionInset) { s.sectionInset = insets.insets }
        s.avatarLeadingTrailingPadding = try c.decodeNonNegative(.avatarLeadingTrailingPadding, max: 1000) ?? 0
        try c.checkFields(TypingKey.self, at: .typingIndicator, in: decoder)
        if c.contains(.typingIndicator) {
            let t = try c.nestedContainer(keyedBy: TypingKey.self, forKey: .typingIndicator)
            s.typingIndicatorWidth = try t.decodeNonNegative(.width, max: 10_000)
            s.typingIndicatorHeight = try t.decodeNonNegative(.height, max: 10_000) ?? s.typingIndicatorHeight
        }
        for key in [Key.header, .footer] {
            try c.checkFields(MessageKitContent.HeightKey.self, at: key, in: decoder)
            guard c.contains(key) else { continue }
            let height = try c.nestedContainer(keyedBy: MessageKitContent.HeightKey.self, forKey: key).decodeNonNegative(
                .height, max: 10_000)
            if key == .header { s.headerHeight = height ?? 0 } else { s.footerHeight = height ?? 0 }
        }
        s.backgroundColor = try c.decodeIfPresent(Color.self, forKey: .backgroundColor)
        s.mirror = try c.decodeIfPresent(Bool.self, forKey: .mirror) ?? false
        s.all = try MessageKitOptions(decoding: decoder, isMessage: false)
        s.incoming = try c.decodeIfPresent(SideDecoding.self, forKey: .incoming)?.options ?? MessageKitOptions()
        s.outgoing = try c.decodeIfPresent(SideDecoding.self, forKey: .outgoing)?.options ?? MessageKitOptions()
        s.kinds = try c.decodeIfPresent([String: KindDecoding].self, forKey: .kinds)?.mapValues(\.kind) ?? [:]
        try MessageKitSettingsDecoding.decodeEarlierKeys(c, into: &s)
        settings = s
    }

    /// The earlier keys, each refused beside the field it stands for.
    static func decodeEarlierKeys(_ c: KeyedDecodingContainer<Key>, into s: inout MessageKitSettings) throws {
        func conflict(_ key: Key, _ stated: Bool, _ field: String) throws {
            if stated, c.contains(key) { throw c.error(at: key, "says the same as \"\(field)\"; give one") }
        }
        try conflict(.avatarSize, s.all.avatar.size != nil, "avatar.size")
        if let side = try c.decodeNonNegative(.avatarSize, max: 500) { s.all.avatar.size = Size(width: side, height: side) }
        try conflict(.avatarPosition, s.all.avatar.vertical != nil, "avatar.position")
        if let position = try c.decodeEnum(MessageKitOptions.AvatarVertical.self, .avatarPosition) { s.all.avatar.vertical = position }
        try conflict(.bubbleStyle, s.all.bubble.style != nil, "bubble.style")
        switch try c.decodeEnum(LegacyBubbleStyle.self, .bubbleStyle) {
        case nil: break
        case .bubbleTailPointed:
            s.all.bubble.style = .bubbleTail
            s.all.bubble.tailStyle = s.all.bubble.tailStyle ?? .pointedEdge
        case .some(let style): s.all.bubble.style = MessageKitOptions.Bubble.Style(rawValue: style.rawValue)
        }
        let heights: [(Key, MessageKitOptions.LabelKind)] = [
            (.cellTopLabelHeight, .cellTop), (.messageTopLabelHeight, .messageTop), (.messageBottomLabelHeight, .messageBottom),
            (.cellBottomLabelHeight, .cellBottom),
        ]
        for (key, label) in heights {
            try conflict(key, s.all.labels[label].height != nil, "labels.\(label.rawValue).height")
            if let height = try c.decodeNonNegative(key, max: 1000) { s.all.labels[label].height = height }
        }
        try conflict(.incomingMessagePadding, s.incoming.messagePadding != nil, "incoming.messagePadding")
        try conflict(.outgoingMessagePadding, s.outgoing.messagePadding != nil, "outgoing.messagePadding")
        try conflict(.incomingTextInsets, s.incoming.labelInsets != nil, "incoming.labelInsets")
        try conflict(.outgoingTextInsets, s.outgoing.labelInsets != nil, "outgoing.labelInsets")
        try conflict(.incomingColor, s.incoming.bubble.color != nil, "incoming.bubble.color")
        try conflict(.outgoingColor, s.outgoing.bubble.color != nil, "outgoing.bubble.color")
        if let insets = try c.decodeIfPresent(SignedInsetsDecoding.self, forKey: .incomingMessagePadding) {
            s.incoming.messagePadding = insets.insets
        }
        if let insets = try c.decodeIfPresent(SignedInsetsDecoding.self, forKey: .outgoingMessagePadding) {
            s.outgoing.messagePadding = insets.insets
        }
        if let insets = try c.decodeIfPresent(InsetsDecoding.self, forKey: .incomingTextInsets) { s.incoming.labelInsets = insets.insets }
        if let insets = try c.decodeIfPresent(InsetsDecoding.self, forKey: .outgoingTextInsets) { s.outgoing.labelInsets = insets.insets }
        if let color = try c.decodeIfPresent(Color.self, forKey: .incomingColor) { s.incoming.bubble.color = color }
        if let color = try c.decodeIfPresent(Color.self, forKey: .outgoingColor) { s.outgoing.bubble.color = color }
    }
}

/// `incoming` or `outgoing` (also inside a kind): the option fields.
struct SideDecoding: Decodable {
    var options: MessageKitOptions

    init(from decoder: any Decoder) throws {
        try decoder.checkFields(OptionKey.self)
        options = try MessageKitOptions(decoding: decoder, isMessage: false)
    }
}

/// `kinds.<name>`: a calculator's size or font, its option fields, its sides, and the earlier
/// shorthands `color`, `avatarSize`, `avatarPosition` (and `labelInsets` meaning a contact's name insets).
struct KindDecoding: Decodable {
    var kind = MessageKitSettings.Kind()

    enum Key: String, CodingKey, CaseIterable {
        case size, fontSize, avatarLeadingTrailingPadding, incoming, outgoing
        case color, avatarSize, avatarPosition
    }
    enum SizeKey: String, CodingKey, CaseIterable { case width, height }

    init(from decoder: any Decoder) throws {
        try decoder.checkFields(known: Key.allCases.map(\.rawValue) + OptionKey.allCases.map(\.rawValue))
        let c = try decoder.container(keyedBy: Key.self)
        try c.checkFields(SizeKey.self, at: .size, in: decoder)
        if c.contains(.size) {
            let s = try c.nestedContainer(keyedBy: SizeKey.self, forKey: .size)
            guard let width = try s.decodePositive(.width, max: 10_000), let height = try s.decodePositive(.height, max: 10_000) else {
                throw c.error(at: .size, "needs a positive width and height")
            }
            kind.size = Size(width: width, height: height)
        }
        kind.fontSize = try c.decodePositive(.fontSize, max: 500)
        kind.avatarLeadingTrailingPadding = try c.decodeNonNegative(.avatarLeadingTrailingPadding, max: 1000)
        kind.options = try MessageKitOptions(decoding: decoder, isMessage: false)
        kind.incoming = try c.decodeIfPresent(SideDecoding.self, forKey: .incoming)?.options ?? MessageKitOptions()
        kind.outgoing = try c.decodeIfPresent(SideDecoding.self, forKey: .outgoing)?.options ?? MessageKitOptions()
        func conflict(_ key: Key, _ stated: Bool, _ field: String) throws {
            if stated, c.contains(key) { throw c.error(at: key, "says the same as \"\(field)\"; give one") }
        }
        try conflict(.color, kind.options.bubble.color != nil, "bubble.color")
        try conflict(.avatarSize, kind.options.avatar.size != nil, "avatar.size")
        try conflict(.avatarPosition, kind.options.avatar.vertical != nil, "avatar.position")
        if let color = try c.decodeIfPresent(Color.self, forKey: .color) { kind.options.bubble.color = color }
        if let side = try c.decodeNonNegative(.avatarSize, max: 500) { kind.options.avatar.size = Size(width: side, height: side) }
        if let position = try c.decodeEnum(MessageKitOptions.AvatarVertical.self, .avatarPosition) {
            kind.options.avatar.vertical = position
        }
        // A contact's calculator calls its name insets label insets, on the kind and on each side.
        if decoder.codingPath.last?.stringValue == "contact" {
            try Self.readAsContactInsets(&kind.options, at: decoder.codingPath)
            try Self.readAsContactInsets(&kind.incoming, at: decoder.codingPath + [Key.incoming])
            try Self.readAsContactInsets(&kind.outgoing, at: decoder.codingPath + [Key.outgoing])
        }
    }

    /// A contact kind's `labelInsets` (`incomingMessageNameLabelInsets`, `outgoing…`) as its
    /// `contactInsets`; both at one level are refused.
    static func readAsContactInsets(_ options: inout MessageKitOptions, at path: [any CodingKey]) throws {
        guard let insets = options.labelInsets else { return }
        guard options.contactInsets == nil else {
            throw DocumentError(codingPath: path + [OptionKey.labelInsets], message: "says the same as \"contactInsets\"; give one")
        }
        options.contactInsets = insets
        options.labelInsets = nil
    }
}

/// `{"top": 7, "left": 18, "bottom": 7, "right": 14}` (missing sides are 0).
struct InsetsDecoding: Decodable {
    var insets: EdgeInsets

    enum Key: String, CodingKey, CaseIterable { case top, left, bottom, right }

    init(from decoder: any Decoder) throws {
        let c = try decoder.checkedContainer(keyedBy: Key.self)
        insets = EdgeInsets(
            top: try c.decodeNonNegative(.top, max: 1000) ?? 0, left: try c.decodeNonNegative(.left, max: 1000) ?? 0,
            bottom: try c.decodeNonNegative(.bottom, max: 1000) ?? 0, right: try c.decodeNonNegative(.right, max: 1000) ?? 0)
    }
}
