import Foundation

extension Chat {
    enum Key: String, CodingKey {
        case me, users, messages, message, typing, cells
    }

    /// Decodes the chat fields of a `chat` document (`messages`) or a `message` document (`message`).
    init(from decoder: any Decoder, single: Bool, messageKit: MessageKitSettings? = nil) throws {
        let c = try decoder.container(keyedBy: Key.self)
        let limits = decoder.limits
        me = try c.decodeIfPresent(String.self, forKey: .me) ?? ""
        users = try c.decodeIfPresent([String: ChatUser].self, forKey: .users) ?? [:]
        typing = try c.decodeIfPresent([String].self, forKey: .typing) ?? []
        cells = try c.decodeIfPresent([String: CellDefinitionDecoding].self, forKey: .cells)?.mapValues(\.cell) ?? [:]
        if single {
            messages = [try c.decode(ChatMessage.self, forKey: .message)]
        } else {
            var list = try c.nestedUnkeyedContainer(forKey: .messages)
            if let count = list.count, count > limits.maxItems {
                throw c.error(at: .messages, "has \(count) messages, more than the limit of \(limits.maxItems) (raise it with --max-items)")
            }
            var decoded: [ChatMessage] = []
            while !list.isAtEnd { decoded.append(try list.decode(ChatMessage.self)) }
            messages = decoded
        }
        try validateCustomTypes(codingPath: c.codingPath, single: single, messageKit: messageKit)
    }

    /// Every custom message type must have a cell to draw it.
    func validateCustomTypes(codingPath: [any CodingKey], single: Bool, messageKit: MessageKitSettings?) throws {
        for (index, message) in messages.enumerated() {
            let path = single ? "message.type" : "messages[\(index)].type"
            if let messageKit {
                // MessageKit: its kinds are built in; any other kind needs a calculator override.
                let name = message.type.name
                if !MessageKitSettings.builtInKinds.contains(name), messageKit.kinds[name]?.size == nil,
                    messageKit.kinds[name]?.fontSize == nil
                {
                    throw DocumentError(
                        path: path,
                        message:
                            "unknown message kind \"\(name)\": MessageKit kinds are \(MessageKitSettings.builtInKinds.sorted().joined(separator: ", ")); a custom kind needs \"messageKit\": {\"kinds\": {\"\(name)\": {\"size\": …}}} (or a fontSize for a text-driven one)"
                    )
                }
                continue
            }
            guard case .custom(let name) = message.type, cell(for: message) == nil else { continue }
            let key = message.typeKey(isIncoming: message.from != me)
            throw DocumentError(
                path: path,
                message:
                    "unknown message type \"\(name)\": built-in types are text, image, audio, file, video, deleted; a custom type needs a cell in \"cells\" (\"\(key)\" or \"\(name)\")"
            )
        }
    }
}

extension ChatMessage: Decodable {
    enum Key: String, CodingKey {
        case id, from, sentAt, type, text, image, audio, file, editedAt, state, flagged
    }

    enum ImageKey: String, CodingKey { case src, width, height }
    enum AudioKey: String, CodingKey { case duration }
    enum FileKey: String, CodingKey { case name, size }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: Key.self)
        id = try c.decode(String.self, forKey: .id)
        from = try c.decode(String.self, forKey: .from)
        sentAt = try c.decodeDate(.sentAt)
        let typeName = try c.decode(String.self, forKey: .type)
        guard !typeName.isEmpty else { throw c.error(at: .type, "must not be empty") }
        type = Kind.builtIn[typeName] ?? .custom(typeName)
        text = try c.decodeIfPresent(String.self, forKey: .text)
        if let text, text.count > decoder.limits.maxTextLength {
            throw c.error(
                at: .text,
                "is \(text.count) characters, more than the limit of \(decoder.limits.maxTextLength) (raise it with --max-text-length)")
        }
        if c.contains(.image) {
            let i = try c.nestedContainer(keyedBy: ImageKey.self, forKey: .image)
            image = Image(
                src: try i.decodeIfPresent(String.self, forKey: .src) ?? "",
                width: try i.decodePositive(.width, max: 100_000), height: try i.decodePositive(.height, max: 100_000))
        }
        if c.contains(.audio) {
            let a = try c.nestedContainer(keyedBy: AudioKey.self, forKey: .audio)
            audioDuration = try a.decodeNonNegative(.duration, max: 86_400 * 365)
        }
        if c.contains(.file) {
            let f = try c.nestedContainer(keyedBy: FileKey.self, forKey: .file)
            file = File(name: try f.decode(String.self, forKey: .name), size: try f.decodeNonNegative(.size, max: 1e18))
        }
        editedAt = try c.decodeDateIfPresent(.editedAt)
        state = try c.decodeIfPresent(State.self, forKey: .state) ?? .synced
        isFlagged = try c.decodeIfPresent(Bool.self, forKey: .flagged) ?? false
        messageKit = try MessageKitContent(from: decoder)
        switch type {
        case .text where text == nil:
            throw c.error(at: .text, "is required for text messages")
        case .image where image == nil, .video where image == nil:
            throw c.error(at: .image, "is required for \(typeName) messages ({\"src\": …, \"width\": …, \"height\": …})")
        case .file where file == nil:
            throw c.error(at: .file, "is required for file messages ({\"name\": …, \"size\": …})")
        default:
            break
        }
    }
}

extension ChatMessage.State {
    public init(from decoder: any Decoder) throws {
        let c = try decoder.singleValueContainer()
        let name = try c.decode(String.self)
        guard let state = ChatMessage.State(rawValue: name) else {
            throw DocumentError(codingPath: decoder.codingPath, message: "unknown state \"\(name)\" (use synced, syncing or error)")
        }
        self = state
    }
}

/// `{"layout": "static", "height": {...}}` or `{"layout": "dynamic", "font": …, "reservedWidth": {...}, "reservedHeight": {...}}`.
struct CellDefinitionDecoding: Decodable {
    var cell: CellDefinition

    enum Key: String, CodingKey {
        case layout, height, font, reservedWidth, reservedHeight, bubbleColor, textColor, maxLines
    }
    enum StaticPart: String, CodingKey, CaseIterable { case top, content, bottom }
    enum WidthPart: String, CodingKey, CaseIterable { case leading, avatar, avatarSpacing, bubbleLeading, bubbleTrailing, trailing }
    enum HeightPart: String, CodingKey, CaseIterable { case top, bubbleTop, bubbleBottom, bottom }

    init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: Key.self)
        let bubbleColor = try c.decodeIfPresent(Color.self, forKey: .bubbleColor)
        let textColor = try c.decodeIfPresent(Color.self, forKey: .textColor)
        let layout = try c.decode(String.self, forKey: .layout)
        switch layout {
        case "static":
            if let total = try? c.decode(Double.self, forKey: .height) {
                guard total.isFinite, total >= 0, total <= 10_000 else { throw c.error(at: .height, "must be a number from 0 to 10000") }
                cell = .fixed(.init(top: 0, content: total, bottom: 0, bubbleColor: bubbleColor, textColor: textColor))
            } else {
                let h = try c.nestedContainer(keyedBy: StaticPart.self, forKey: .height)
                try CellDefinitionDecoding.rejectUnknown(in: decoder, key: Key.height, known: StaticPart.allCases.map(\.rawValue))
                func part(_ key: StaticPart) throws -> Double { try h.decodeNonNegative(key, max: 10_000) ?? 0 }
                cell = .fixed(
                    .init(
                        top: try part(.top), content: try part(.content), bottom: try part(.bottom), bubbleColor: bubbleColor,
                        textColor: textColor))
            }
        case "dynamic":
            var font = AmityFont.body
            if let name = try c.decodeIfPresent(String.self, forKey: .font) {
                guard let value = AmityFont(rawValue: name) else {
                    throw c.error(at: .font, "unknown font \"\(name)\" (use \(AmityFont.allCases.map(\.rawValue).joined(separator: ", ")))")
                }
                font = value
            }
            let w = try c.nestedContainer(keyedBy: WidthPart.self, forKey: .reservedWidth)
            try CellDefinitionDecoding.rejectUnknown(in: decoder, key: Key.reservedWidth, known: WidthPart.allCases.map(\.rawValue))
            func width(_ key: WidthPart) throws -> Double { try w.decodeNonNegative(key, max: 10_000) ?? 0 }
            let h = try c.nestedContainer(keyedBy: HeightPart.self, forKey: .reservedHeight)
            try CellDefinitionDecoding.rejectUnknown(in: decoder, key: Key.reservedHeight, known: HeightPart.allCases.map(\.rawValue))
            func height(_ key: HeightPart) throws -> Double { try h.decodeNonNegative(key, max: 10_000) ?? 0 }
            var maxLines: Int?
            if let value = try c.decodeIfPresent(Double.self, forKey: .maxLines) {
                guard value.isFinite, value >= 1, value <= 1000, value.rounded() == value else {
                    throw c.error(at: .maxLines, "must be a whole number from 1 to 1000")
                }
                maxLines = Int(value)
            }
            cell = .dynamic(
                .init(
                    font: font,
                    reservedWidth: .init(
                        leading: try width(.leading), avatar: try width(.avatar), avatarSpacing: try width(.avatarSpacing),
                        bubbleLeading: try width(.bubbleLeading), bubbleTrailing: try width(.bubbleTrailing), trailing: try width(.trailing)
                    ),
                    reservedHeight: .init(
                        top: try height(.top), bubbleTop: try height(.bubbleTop), bubbleBottom: try height(.bubbleBottom),
                        bottom: try height(.bottom)),
                    bubbleColor: bubbleColor, textColor: textColor, maxLines: maxLines))
        default:
            throw c.error(at: .layout, "must be \"static\" or \"dynamic\" (got \"\(layout)\")")
        }
    }

    /// A misspelt part name would silently count as 0: refuse it instead.
    static func rejectUnknown(in decoder: any Decoder, key: Key, known: [String]) throws {
        let c = try decoder.container(keyedBy: ThemeDecoding.AnyKey.self)
        let nested = try c.nestedContainer(keyedBy: ThemeDecoding.AnyKey.self, forKey: .init(stringValue: key.rawValue))
        for part in nested.allKeys where !known.contains(part.stringValue) {
            throw nested.error(at: part, "unknown part (known: \(known.joined(separator: ", ")))")
        }
    }
}
