import Foundation

extension ChatMessage {
    enum Key: String, CodingKey, CaseIterable {
        case id, from, sentAt, type, text, image, audio, file, editedAt, state, flagged, isDeleted
    }

    /// The fields of every message, whatever the profile; the rest are Amity's or MessageKit's.
    static let sharedFields: [Key] = [.id, .from, .sentAt, .type, .text, .image, .audio]
    static let amityFields: [Key] = [.file, .editedAt, .state, .flagged, .isDeleted]

    enum ImageKey: String, CodingKey, CaseIterable { case src, width, height }
    /// An Amity audio message's `audio` object.
    enum AudioKey: String, CodingKey, CaseIterable { case duration, playback, elapsed }
    enum FileKey: String, CodingKey, CaseIterable { case name, size }

    /// Decodes one message object of a chat whose profile is `decoder.context.chatStyle`.
    init(decoding decoder: any Decoder) throws {
        let style = decoder.context.chatStyle
        let known = ChatMessage.knownFields[style] ?? []
        try decoder.checkFields(known: known) { ChatMessage.otherProfilesField($0, style: style) }
        let c = try decoder.container(keyedBy: Key.self)
        id = try c.decode(String.self, forKey: .id)
        from = try c.decodeUserID(.from, of: "the sender's")
        sentAt = try c.decodeDate(.sentAt)
        let typeName = try c.decode(String.self, forKey: .type)
        guard !typeName.isEmpty else { throw c.error(at: .type, "must not be empty") }
        type = Kind.builtIn[typeName] ?? .custom(typeName)
        text = try c.decodeText(.text, in: decoder)
        try c.checkFields(ImageKey.self, at: .image, in: decoder)
        if c.contains(.image) {
            let i = try c.nestedContainer(keyedBy: ImageKey.self, forKey: .image)
            image = Image(
                src: try i.decodeIfPresent(String.self, forKey: .src) ?? "",
                width: try i.decodePositive(.width, max: 100_000), height: try i.decodePositive(.height, max: 100_000))
        }
        if style == .amity { try c.checkFields(AudioKey.self, at: .audio, in: decoder) }
        if c.contains(.audio) {
            let a = try c.nestedContainer(keyedBy: AudioKey.self, forKey: .audio)
            audioDuration = try a.decodeNonNegative(.duration, max: 86_400 * 365)
            if style == .amity {
                audioPlayback = try a.decodeEnum(AudioPlayback.self, .playback) ?? .idle
                audioElapsed = try a.decodeNonNegative(.elapsed, max: 86_400 * 365)
            }
        }
        try c.checkFields(FileKey.self, at: .file, in: decoder)
        if c.contains(.file) {
            let f = try c.nestedContainer(keyedBy: FileKey.self, forKey: .file)
            file = File(name: try f.decode(String.self, forKey: .name), size: try f.decodeNonNegative(.size, max: 1e18))
        }
        editedAt = try c.decodeDateIfPresent(.editedAt)
        state = try c.decodeEnum(State.self, .state) ?? .synced
        isFlagged = try c.decodeIfPresent(Bool.self, forKey: .flagged) ?? false
        if let deleted = try c.decodeIfPresent(Bool.self, forKey: .isDeleted) {
            if type == .deleted, !deleted {
                throw c.error(at: .isDeleted, "a message of type \"deleted\" is deleted (leave isDeleted out, or set it to true)")
            }
            isDeleted = deleted
        }
        if style == .messagekit { messageKit = try MessageKitContent(from: decoder) }
        try checkContent(c, typeName: typeName)
        try refuseContentNotDrawn(typeName: typeName, style: style, in: c, context: decoder.context)
    }

    /// A message's fields in each profile.
    static let knownFields: [ChatProfile.Style: [String]] = [
        .amity: (sharedFields + amityFields).map(\.rawValue),
        .messagekit: sharedFields.map(\.rawValue) + MessageKitContent.Key.allCases.map(\.rawValue),
    ]

    /// What to say of `name`, unknown in a `style` chat's message, where the other profile's
    /// messages have it (a MessageKit `read` in an Amity chat): which profile, and how to choose it.
    static func otherProfilesField(_ name: String, style: ChatProfile.Style) -> String? {
        let other: ChatProfile.Style = style == .amity ? .messagekit : .amity
        guard knownFields[other]?.contains(name) == true else { return nil }
        return style == .amity
            ? "is a MessageKit message's field; a MessageKit chat says \"style\": \"messagekit\""
            : "is an Amity message's field; an Amity chat leaves \"style\" out (or says \"amity\")"
    }

    /// The content fields each built-in type draws, by profile: a field of another type's content
    /// on a message is refused, naming it, where it would otherwise be ignored in silence (a
    /// caption on an Amity image message, which the kit's image cell has no label for). Deleted
    /// messages (their content is kept, not drawn), an Amity chat's custom types (an app's cell
    /// may draw any field) and MessageKit's `custom` and custom kinds are not checked.
    static let contentFields: [ChatProfile.Style: [String: [String]]] = [
        .amity: ["text": ["text"], "image": ["image"], "video": ["image"], "audio": ["audio"], "file": ["file"]],
        .messagekit: [
            "text": ["text"], "emoji": ["text"], "attributedText": ["text", "runs"], "photo": ["image"], "video": ["image"],
            "location": ["location"], "audio": ["audio"], "contact": ["text", "contact"], "linkPreview": ["text", "runs", "link"],
        ],
    ]

    /// Every profile's content fields: what `contentFields` allows or refuses (and MessageKit's
    /// `custom`, which only a custom kind draws).
    private static let allContentFields: [ChatProfile.Style: Set<String>] = contentFields.mapValues { Set($0.values.joined()) }
        .merging([.messagekit: ["custom"]]) { $0.union($1) }

    /// MessageKit's kinds whose `text` stands in for another field, and is not drawn beside it: an
    /// attributed text's runs, a contact's name.
    private static let textInPlaceOf = ["attributedText": "runs", "contact": "contact"]

    /// The content fields this message was given, as decoded (no container of every key made
    /// for it): its text, image, audio and file, and a MessageKit message's runs, location,
    /// contact, link and custom size.
    func contentGiven(_ c: KeyedDecodingContainer<Key>) -> Set<String> {
        var given: Set<String> = []
        if text != nil { given.insert("text") }
        if image != nil { given.insert("image") }
        if c.contains(.audio) { given.insert("audio") }
        if file != nil { given.insert("file") }
        if !messageKit.runs.isEmpty { given.insert("runs") }
        if messageKit.location != nil { given.insert("location") }
        if messageKit.contact != nil { given.insert("contact") }
        if messageKit.link != nil { given.insert("link") }
        if messageKit.customSize != nil { given.insert("custom") }
        return given
    }

    /// Refuses (or, decoding leniently, warns of) a content field this message, of `typeName`, was
    /// given (`contentGiven`) and does not draw (`contentFields`, `textInPlaceOf`), at its path in `c`.
    func refuseContentNotDrawn(
        typeName: String, style: ChatProfile.Style, in c: KeyedDecodingContainer<Key>, context: DecodingContext
    ) throws {
        guard !isShownDeleted, let drawn = ChatMessage.contentFields[style]?[typeName], let content = ChatMessage.allContentFields[style]
        else { return }
        let given = contentGiven(c)
        let codingPath = c.codingPath
        let article = "aeiou".contains(typeName.prefix(1)) ? "an" : "a"
        for name in given.intersection(content).subtracting(drawn).sorted() {
            let fields = drawn.map { "\"\($0)\"" }.joined(separator: " and ")
            try context.refuseOrWarn(
                DocumentError(
                    codingPath: codingPath + [AnyKey(name)],
                    message:
                        "\(article) \(typeName) message does not draw \"\(name)\" (it draws \(fields)); leave it out, or use the type whose content it is"
                ))
        }
        if style == .messagekit, let other = ChatMessage.textInPlaceOf[typeName], given.contains("text"), given.contains(other) {
            try context.refuseOrWarn(
                DocumentError(
                    codingPath: codingPath + [AnyKey("text")],
                    message: "\(article) \(typeName) message draws its \"\(other)\", and its text only where it has none; leave one out"))
        }
    }

    /// The content each type needs (not when deleted: the kit draws none of it), and the audio
    /// player's states that the kit can reach.
    func checkContent(_ c: KeyedDecodingContainer<Key>, typeName: String) throws {
        switch type {
        case .text where text == nil && !isShownDeleted:
            throw c.error(at: .text, "is required for text messages")
        case .image where image == nil && !isShownDeleted, .video where image == nil && !isShownDeleted:
            throw c.error(at: .image, "is required for \(typeName) messages ({\"src\": …, \"width\": …, \"height\": …})")
        case .file where file == nil && !isShownDeleted:
            throw c.error(at: .file, "is required for file messages ({\"name\": …, \"size\": …})")
        default:
            break
        }
        guard c.contains(.audio) else { return }
        let a = try c.nestedContainer(keyedBy: AudioKey.self, forKey: .audio)
        if audioPlayback != .idle {
            if type != .audio {
                throw a.error(at: .playback, "only audio messages have a player (this one is \"\(typeName)\")")
            }
            if isShownDeleted {
                throw a.error(at: .playback, "a deleted message has no player (the kit hides it)")
            }
            if state != .synced {
                throw a.error(
                    at: .playback,
                    "the kit plays a voice message only once it is sent (state \"synced\"; this one is \"\(state.rawValue)\")")
            }
        }
        if audioElapsed != nil, audioPlayback != .playing {
            throw a.error(at: .elapsed, "is shown only while the message plays (\"playback\": \"playing\")")
        }
    }
}

/// One message object of `messages` (or `message`).
struct MessageDecoding: Decodable {
    var message: ChatMessage

    init(from decoder: any Decoder) throws {
        message = try ChatMessage(decoding: decoder)
    }
}
