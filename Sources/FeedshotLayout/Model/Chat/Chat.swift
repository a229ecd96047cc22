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

    /// Every image reference the chat draws (avatars, message images, link thumbnails).
    public var imageReferences: Set<String> {
        var refs = Set(users.values.compactMap(\.avatar))
        for message in messages {
            if let src = message.image?.src { refs.insert(src) }
            if let thumbnail = message.messageKit.link?.thumbnail { refs.insert(thumbnail) }
        }
        return refs
    }
}
