import Foundation

/// A conversation: who is reading it, who is in it, its messages, and the profile that lays it out.
public struct Chat: Sendable {
    /// The viewer's user id: messages from `me` are outgoing.
    public var me: String
    /// The people in the conversation, by user id.
    public var users: [String: ChatUser]
    /// The messages, oldest first.
    public var messages: [ChatMessage]
    /// Users currently typing.
    public var typing: [String]
    /// Which kit's rules lay the conversation out, with that kit's settings.
    public var profile: ChatProfile

    /// A conversation laid out by `profile` (Amity's, with no custom cells, by default).
    public init(
        me: String, users: [String: ChatUser] = [:], messages: [ChatMessage], typing: [String] = [],
        profile: ChatProfile = .amity(cells: [:])
    ) {
        self.me = me
        self.users = users
        self.messages = messages
        self.typing = typing
        self.profile = profile
    }

    /// Every image reference the chat draws (avatars, message images, link thumbnails, MessageKit
    /// bubble images). An avatar is referenced only where a cell draws it (`avatarDrawn(for:)`):
    /// a user who sends nothing, or only what the profile draws without an avatar, costs no read,
    /// fetch or decode (two such users with 40- and 24-megapixel avatars took the document's
    /// pixel budget, and the sender's avatar and photo became placeholders).
    public var imageReferences: Set<String> {
        var refs: Set<String> = []
        for message in messages where avatarDrawn(for: message) {
            if let avatar = users[message.from]?.avatar { refs.insert(avatar) }
        }
        for message in messages {
            if let src = message.image?.src { refs.insert(src) }
            if let thumbnail = message.messageKit.link?.thumbnail { refs.insert(thumbnail) }
            if let src = message.messageKit.options.bubble.image?.src { refs.insert(src) }
        }
        if case .messageKit(let settings) = profile { refs.formUnion(settings.bubbleImageReferences) }
        return refs
    }
}

extension Chat {
    /// Whether the layout draws `message`'s sender's avatar — the only place a chat draws a
    /// user's picture (typing lines name users; neither profile draws readers, reactions or
    /// mentions with pictures). Amity: in an incoming message's cell (`addAvatar` in the text,
    /// file, image, audio and deleted cells and a static custom cell), except a dynamic custom
    /// cell reserving no width for it. MessageKit: in every message's cell, either side, unless
    /// hidden or of no area (`addAvatar`), except the Example app's custom cell (no avatar).
    func avatarDrawn(for message: ChatMessage) -> Bool {
        switch profile {
        case .amity(let cells):
            guard message.from != me else { return false }
            if case .dynamic(let cell) = AmityCells.definition(for: message, me: me, in: cells) { return cell.reservedWidth.avatar > 0 }
            return true
        case .messageKit(let settings):
            guard !settings.drawsExampleCustomCell(message) else { return false }
            let options = settings.options(kind: message.type.name, isIncoming: message.from != me, message: message.messageKit.options)
            let size = options.avatar.size ?? MessageKitCellStyle.defaultAvatarSize
            return !(options.avatar.isHidden ?? false) && size.width > 0 && size.height > 0
        }
    }

    /// The name drawn for `userId`: its display name; "Anonymous" for a user without one, as the
    /// Amity kit's `AmityMessageModel` shows it (`anonymous`); the id itself for a user `users`
    /// does not describe (with `missingSenderWarning`).
    func name(of userId: String, anonymous: String) -> String {
        guard let user = users[userId] else { return userId }
        return user.displayName ?? anonymous
    }

    /// One warning per incoming sender `users` does not describe, at its first message, with how
    /// many messages it sent: they are drawn with the id as the name and the placeholder avatar
    /// rather than in silence.
    func missingSenderWarnings(single: Bool) -> [String] {
        var first: [String: Int] = [:]
        var counts: [String: Int] = [:]
        var order: [String] = []
        for (index, message) in messages.enumerated() where message.from != me && users[message.from] == nil {
            if first[message.from] == nil {
                first[message.from] = index
                order.append(message.from)
            }
            counts[message.from, default: 0] += 1
        }
        return order.map { id in
            let path = single ? "message.from" : "messages[\(first[id]!)].from"
            let count = counts[id]!
            return
                "\(path): user \"\(id)\" is not in users\(count > 1 ? " (\(count) messages)" : ""); drew the id as the name and the placeholder avatar"
        }
    }

    /// One warning per user typing that `users` does not describe, where the typing line names
    /// them (one or two others typing: "Ann and Bob are typing..."; three or more are counted,
    /// not named) and would show the id in silence.
    func missingTypingUserWarnings() -> [String] {
        guard typing.filter({ $0 != me }).count <= 2 else { return [] }
        return typing.enumerated().compactMap { index, id in
            id == me || users[id] != nil ? nil : "typing[\(index)]: user \"\(id)\" is not in users; drew the id as the name"
        }
    }
}
