/// `"messageKit": {...}` in a document.
struct MessageKitSettingsDecoding: Decodable {
    var settings: MessageKitSettings

    enum Key: String, CodingKey, CaseIterable {
        case avatarSize, avatarPosition, bubbleStyle, cellTopLabelHeight, messageTopLabelHeight, messageBottomLabelHeight
        case cellBottomLabelHeight, incomingMessagePadding, outgoingMessagePadding, incomingTextInsets, outgoingTextInsets
        case incomingColor, outgoingColor, kinds
    }

    init(from decoder: any Decoder) throws {
        try decoder.checkFields(Key.self)
        let c = try decoder.container(keyedBy: Key.self)
        var s = MessageKitSettings()
        if let size = try c.decodeNonNegative(.avatarSize, max: 500) { s.avatarSize = size }
        if let position = try c.decodeEnum(MessageKitSettings.AvatarPosition.self, .avatarPosition) { s.avatarPosition = position }
        if let style = try c.decodeEnum(MessageKitSettings.BubbleStyle.self, .bubbleStyle) { s.bubbleStyle = style }
        if let h = try c.decodeNonNegative(.cellTopLabelHeight, max: 1000) { s.cellTopLabelHeight = h }
        if let h = try c.decodeNonNegative(.messageTopLabelHeight, max: 1000) { s.messageTopLabelHeight = h }
        if let h = try c.decodeNonNegative(.messageBottomLabelHeight, max: 1000) { s.messageBottomLabelHeight = h }
        if let h = try c.decodeNonNegative(.cellBottomLabelHeight, max: 1000) { s.cellBottomLabelHeight = h }
        if let insets = try c.decodeIfPresent(InsetsDecoding.self, forKey: .incomingMessagePadding) {
            s.incomingMessagePadding = insets.insets
        }
        if let insets = try c.decodeIfPresent(InsetsDecoding.self, forKey: .outgoingMessagePadding) {
            s.outgoingMessagePadding = insets.insets
        }
        if let insets = try c.decodeIfPresent(InsetsDecoding.self, forKey: .incomingTextInsets) { s.incomingTextInsets = insets.insets }
        if let insets = try c.decodeIfPresent(InsetsDecoding.self, forKey: .outgoingTextInsets) { s.outgoingTextInsets = insets.insets }
        if let color = try c.decodeIfPresent(Color.self, forKey: .incomingColor) { s.incomingColor = color }
        if let color = try c.decodeIfPresent(Color.self, forKey: .outgoingColor) { s.outgoingColor = color }
        s.kinds = try c.decodeIfPresent([String: KindOverrideDecoding].self, forKey: .kinds)?.mapValues(\.value) ?? [:]
        settings = s
    }
}

struct KindOverrideDecoding: Decodable {
    var value: MessageKitSettings.KindOverride

    enum Key: String, CodingKey, CaseIterable { case size, fontSize, labelInsets, messagePadding, avatarSize, avatarPosition, color }
    enum SizeKey: String, CodingKey { case width, height }

    init(from decoder: any Decoder) throws {
        try decoder.checkFields(Key.self)
        let c = try decoder.container(keyedBy: Key.self)
        var v = MessageKitSettings.KindOverride()
        if c.contains(.size) {
            let s = try c.nestedContainer(keyedBy: SizeKey.self, forKey: .size)
            guard let width = try s.decodePositive(.width, max: 10_000), let height = try s.decodePositive(.height, max: 10_000) else {
                throw c.error(at: .size, "needs a positive width and height")
            }
            v.size = Size(width: width, height: height)
        }
        v.fontSize = try c.decodePositive(.fontSize, max: 500)
        v.labelInsets = try c.decodeIfPresent(InsetsDecoding.self, forKey: .labelInsets)?.insets
        v.messagePadding = try c.decodeIfPresent(InsetsDecoding.self, forKey: .messagePadding)?.insets
        v.avatarSize = try c.decodeNonNegative(.avatarSize, max: 500)
        v.avatarPosition = try c.decodeEnum(MessageKitSettings.AvatarPosition.self, .avatarPosition)
        v.color = try c.decodeIfPresent(Color.self, forKey: .color)
        value = v
    }
}

/// `{"top": 7, "left": 18, "bottom": 7, "right": 14}` (missing sides are 0).
struct InsetsDecoding: Decodable {
    var insets: EdgeInsets

    enum Key: String, CodingKey, CaseIterable { case top, left, bottom, right }

    init(from decoder: any Decoder) throws {
        try decoder.checkFields(Key.self)
        let c = try decoder.container(keyedBy: Key.self)
        insets = EdgeInsets(
            top: try c.decodeNonNegative(.top, max: 1000) ?? 0, left: try c.decodeNonNegative(.left, max: 1000) ?? 0,
            bottom: try c.decodeNonNegative(.bottom, max: 1000) ?? 0, right: try c.decodeNonNegative(.right, max: 1000) ?? 0)
    }
}
