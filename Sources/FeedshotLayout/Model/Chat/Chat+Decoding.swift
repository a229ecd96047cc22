import Foundation

extension Chat {
    enum Key: String, CodingKey, CaseIterable {
        case me, users, messages, message, typing, style, cells, messageKit
    }

    /// Decodes the fields of a `chat` document (`messages`) or a `message` document (`message`);
    /// `sharedFields` are the ones every kind has.
    init(from decoder: any Decoder, sharedFields: [String], single: Bool) throws {
        let c = try decoder.container(keyedBy: Key.self)
        let style = try c.decodeEnum(ChatProfile.Style.self, .style) ?? .amity
        let own: [Key] = [.me, .users, single ? .message : .messages, .typing, .style, style == .amity ? .cells : .messageKit]
        try decoder.checkFields(known: sharedFields + own.map(\.rawValue))
        let limits = decoder.limits
        me = try c.decodeViewerID(.me) ?? ""
        users = try c.decodeIfPresent([String: ChatUserDecoding].self, forKey: .users)?.mapValues(\.user) ?? [:]
        typing = try c.decodeIfPresent([String].self, forKey: .typing) ?? []
        // One user typing is one name: ["u2", "u2"] drew "Ann Lee and Ann Lee are typing...".
        try decoder.context.checkUnique(typing) { index, earlier, id in
            DocumentError(path: "typing[\(index)]", message: "\"\(id)\" is already typing[\(earlier)]; each user is listed once")
        }
        var seen = Set<String>()
        typing = typing.filter { seen.insert($0).inserted }  // what --lenient warned about, once each
        switch style {
        case .amity:
            profile = .amity(cells: try c.decodeIfPresent([String: CellDefinitionDecoding].self, forKey: .cells)?.mapValues(\.cell) ?? [:])
        case .messagekit:
            profile = .messageKit(
                try c.decodeIfPresent(MessageKitSettingsDecoding.self, forKey: .messageKit)?.settings ?? MessageKitSettings())
        }
        decoder.context.chatStyle = style
        if single {
            messages = [try c.decode(MessageDecoding.self, forKey: .message).message]
        } else {
            var list = try c.nestedUnkeyedContainer(forKey: .messages)
            if let count = list.count, count > limits.maxItems {
                throw c.error(at: .messages, "has \(count) messages, more than the limit of \(limits.maxItems) (raise it with --max-items)")
            }
            var decoded: [ChatMessage] = []
            while !list.isAtEnd { decoded.append(try list.decode(MessageDecoding.self).message) }
            messages = decoded
            try decoder.context.checkUnique(messages.map(\.id)) { index, earlier, id in
                DocumentError.repeatedID(id, at: c.codingPath + [Key.messages], index, earlier)
            }
        }
        // The layout's own items are named too: a message called so would share its item's id.
        for (index, message) in messages.enumerated() {
            let item =
                message.id == LayoutItem.typingID && !typing.isEmpty
                ? "the typing indicator's" : style == .amity && LayoutItem.isDateHeaderID(message.id) ? "a date pill's" : nil
            if let item {
                try decoder.context.refuseOrWarn(
                    DocumentError(
                        path: single ? "message.id" : "messages[\(index)].id",
                        message: "\"\(message.id)\" is \(item) id in the layout; give the message another"))
            }
        }
        try validateMessageTypes(single: single)
    }

    /// Every message type must have something to draw it: a built-in cell, a custom cell (Amity),
    /// or a calculator override (MessageKit).
    func validateMessageTypes(single: Bool) throws {
        for (index, message) in messages.enumerated() {
            let path = single ? "message.type" : "messages[\(index)].type"
            let name = message.type.name
            switch profile {
            case .messageKit(let settings):
                let override = settings.kinds[name]
                guard !MessageKitSettings.builtInKinds.contains(name), override?.size == nil, override?.fontSize == nil else { continue }
                let kinds = MessageKitSettings.builtInKinds.sorted().joined(separator: ", ")
                throw DocumentError(
                    path: path,
                    message:
                        "unknown message kind \"\(name)\": MessageKit kinds are \(kinds); a custom kind needs \"messageKit\": {\"kinds\": {\"\(name)\": {\"size\": …}}} (or a fontSize for a text-driven one)\(ChatMessage.Kind.builtIn[name] != nil ? "; \"\(name)\" is an Amity chat's type (an Amity chat leaves \"style\" out)" : "")"
                )
            case .amity(let cells):
                guard case .custom = message.type, AmityCells.definition(for: message, me: me, in: cells) == nil else { continue }
                let key = message.typeKey(isIncoming: message.from != me)
                throw DocumentError(
                    path: path,
                    message:
                        "unknown message type \"\(name)\": built-in types are text, image, audio, file, video, deleted; a custom type needs a cell in \"cells\" (\"\(key)\" or \"\(name)\")\(MessageKitSettings.builtInKinds.contains(name) ? "; \"\(name)\" is a MessageKit kind (a MessageKit chat says \"style\": \"messagekit\")" : "")"
                )
            }
        }
    }
}

/// `{"layout": "static", "height": {...}}` or `{"layout": "dynamic", "font": …, "reservedWidth": {...}, "reservedHeight": {...}}`.
struct CellDefinitionDecoding: Decodable {
    var cell: CellDefinition

    enum Key: String, CodingKey, CaseIterable {
        case layout, height, font, reservedWidth, reservedHeight, bubbleColor, textColor, maxLines
    }
    enum StaticPart: String, CodingKey, CaseIterable { case top, content, bottom }
    enum WidthPart: String, CodingKey, CaseIterable { case leading, avatar, avatarSpacing, bubbleLeading, bubbleTrailing, trailing }
    enum HeightPart: String, CodingKey, CaseIterable { case top, bubbleTop, bubbleBottom, bottom }

    init(from decoder: any Decoder) throws {
        let c = try decoder.checkedContainer(keyedBy: Key.self)
        let bubbleColor = try c.decodeIfPresent(Color.self, forKey: .bubbleColor)
        let textColor = try c.decodeIfPresent(Color.self, forKey: .textColor)
        let layout = try c.decode(String.self, forKey: .layout)
        switch layout {
        case "static":
            if let total = try? c.decode(Double.self, forKey: .height) {
                guard total.isFinite, total >= 0, total <= 10_000 else { throw c.error(at: .height, "must be a number from 0 to 10000") }
                cell = .fixed(.init(top: 0, content: total, bottom: 0, bubbleColor: bubbleColor, textColor: textColor))
            } else {
                try c.checkFields(StaticPart.self, at: .height, in: decoder)
                let h = try c.nestedContainer(keyedBy: StaticPart.self, forKey: .height)
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
            try c.checkFields(WidthPart.self, at: .reservedWidth, in: decoder)
            let w = try c.nestedContainer(keyedBy: WidthPart.self, forKey: .reservedWidth)
            func width(_ key: WidthPart) throws -> Double { try w.decodeNonNegative(key, max: 10_000) ?? 0 }
            try c.checkFields(HeightPart.self, at: .reservedHeight, in: decoder)
            let h = try c.nestedContainer(keyedBy: HeightPart.self, forKey: .reservedHeight)
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
}

extension Chat {
    /// Every custom cell leaves its message room at the document's `width`, or the document is
    /// refused naming the cell: a dynamic cell whose `reservedWidth` takes the whole width would
    /// measure its text 0 points wide, a static cell with no content height or a width narrower
    /// than its slot's margins would draw its message in nothing.
    func checkCellsHaveRoom(width: Double) throws {
        guard case .amity(let cells) = profile else { return }
        for key in cells.keys.sorted() {
            switch cells[key]! {
            case .dynamic(let cell):
                let reserved = cell.reservedWidth.total
                guard reserved < width else {
                    throw DocumentError(
                        path: "cells.\(key).reservedWidth",
                        message:
                            "reserves \(reserved.compactDescription) of the \(width.compactDescription) points of width: no room is left for the text (reserve less, or draw wider)"
                    )
                }
            case .fixed(let cell):
                guard cell.content > 0 else {
                    throw DocumentError(
                        path: "cells.\(key).height",
                        message: "leaves the message no room: the content slot, which holds it, is 0 points tall")
                }
                let margins = AmityChatMetrics.contentX + AmityChatMetrics.textFarMargin
                guard margins < width else {
                    throw DocumentError(
                        path: "cells.\(key)",
                        message:
                            "a static cell's content slot is the width less \(margins.compactDescription) points of margins: no room at \(width.compactDescription) points (draw wider)"
                    )
                }
            }
        }
    }
}
