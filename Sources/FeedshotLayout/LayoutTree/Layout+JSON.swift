import Foundation

/// The layout tree as `feedshot layout` and `POST /v1/layout` return it.
extension Layout: Encodable {
    enum Key: String, CodingKey { case width, height, scale, pixelWidth, pixelHeight, background, items, warnings, fonts, kitBehaviours }

    /// Encodes the value as `feedshot layout` prints it.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Key.self)
        try c.encode(width, forKey: .width)
        try c.encode(height, forKey: .height)
        try c.encode(scale, forKey: .scale)
        try c.encode(pixelWidth, forKey: .pixelWidth)
        try c.encode(pixelHeight, forKey: .pixelHeight)
        try c.encode(background, forKey: .background)
        try c.encode(items, forKey: .items)
        try c.encode(warnings, forKey: .warnings)
        if !fonts.isEmpty { try c.encode(fonts, forKey: .fonts) }
        let kitBehaviours = kitBehaviours
        if !kitBehaviours.isEmpty { try c.encode(kitBehaviours, forKey: .kitBehaviours) }
    }

    /// Pretty, key-sorted JSON: stable for diffs and goldens.
    public func jsonData() -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        // Encoding value types of strings and finite numbers cannot fail.
        return (try? encoder.encode(self)) ?? Data()
    }
}

extension KitBehaviourNote: Encodable {
    enum Key: String, CodingKey { case id, note, conformance, itemId }

    /// Encodes the value as `feedshot layout` prints it: the behaviour's id, note and conformance
    /// row, and the item.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Key.self)
        try c.encode(behaviour.id, forKey: .id)
        try c.encode(behaviour.note, forKey: .note)
        try c.encode(behaviour.conformance, forKey: .conformance)
        try c.encode(itemId, forKey: .itemId)
    }
}

extension LayoutItem: Encodable {
    enum Key: String, CodingKey { case id, type, frame, elements, actions, shareMenu, feedshotOwn }

    /// Encodes the value as `feedshot layout` prints it.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Key.self)
        try c.encode(id, forKey: .id)
        try c.encode(type, forKey: .type)
        try c.encode(frame, forKey: .frame)
        try c.encode(elements, forKey: .elements)
        try c.encode(actions, forKey: .actions)
        if !shareMenu.isEmpty { try c.encode(shareMenu, forKey: .shareMenu) }
        if isFeedshotOwn { try c.encode(true, forKey: .feedshotOwn) }
    }
}

extension LayoutElement: Encodable {
    enum Key: String, CodingKey {
        case role, frame, clip, kind, text, lines, font, color, spans, alignment, fill, stroke, corners, ref, cornerRadius, mask, glyph,
            shape
    }

    /// Encodes the value as `feedshot layout` prints it.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Key.self)
        try c.encode(role, forKey: .role)
        try c.encode(frame, forKey: .frame)
        try c.encodeIfPresent(clip, forKey: .clip)
        switch content {
        case .text(let text, let lines):
            try c.encode("text", forKey: .kind)
            try c.encode(text.string, forKey: .text)
            try c.encode(lines, forKey: .lines)
            try c.encode(text.font, forKey: .font)
            try c.encode(text.color, forKey: .color)
            if !text.spans.isEmpty { try c.encode(text.spans, forKey: .spans) }
            if text.alignment != .natural { try c.encode(text.alignment, forKey: .alignment) }
        case .box(let fill, let stroke, let corners):
            try c.encode("box", forKey: .kind)
            try c.encode(fill, forKey: .fill)
            try c.encodeIfPresent(stroke, forKey: .stroke)
            try c.encode(corners, forKey: .corners)
        case .image(let ref, let corners, let mask, let fill):
            try c.encode("image", forKey: .kind)
            try c.encode(DataURI.hasScheme(ref) ? "data:…" : ref, forKey: .ref)
            // One radius as a number; corners that differ (a link preview's image) as a box's are.
            if corners == .all(corners.topLeft) {
                try c.encode(corners.topLeft, forKey: .cornerRadius)
            } else {
                try c.encode(corners, forKey: .corners)
            }
            try c.encodeIfPresent(mask, forKey: .mask)
            try c.encodeIfPresent(fill, forKey: .fill)
        case .bubble(let shape, let fill, let stroke):
            try c.encode("bubble", forKey: .kind)
            try c.encode(shape, forKey: .shape)
            try c.encode(fill, forKey: .fill)
            try c.encodeIfPresent(stroke, forKey: .stroke)
        case .glyph(let glyph, let color):
            try c.encode("glyph", forKey: .kind)
            try c.encode(glyph, forKey: .glyph)
            try c.encode(color, forKey: .color)
        }
    }
}

extension StyledText.Span: Encodable {
    enum Key: String, CodingKey { case start, end, color, weight, isItalic, size, isUnderlined, underlineColor, attachment }

    /// Encodes the value as `feedshot layout` prints it.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Key.self)
        try c.encode(start, forKey: .start)
        try c.encode(end, forKey: .end)
        try c.encodeIfPresent(color, forKey: .color)
        try c.encodeIfPresent(weight, forKey: .weight)
        try c.encodeIfPresent(isItalic, forKey: .isItalic)
        try c.encodeIfPresent(size, forKey: .size)
        try c.encodeIfPresent(isUnderlined, forKey: .isUnderlined)
        try c.encodeIfPresent(underlineColor, forKey: .underlineColor)
        try c.encodeIfPresent(attachment, forKey: .attachment)
    }
}

extension LayoutAction: Encodable {
    enum Key: String, CodingKey { case event, arguments, frame }

    /// Encodes the value as `feedshot layout` prints it.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Key.self)
        try c.encode(event, forKey: .event)
        try c.encode(arguments, forKey: .arguments)
        try c.encode(frame, forKey: .frame)
    }
}
