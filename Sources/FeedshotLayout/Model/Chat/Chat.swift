import Foundation

/// A conversation: who is reading it, who is in it, its messages and the cells that draw them.
public struct Chat: Sendable {
    /// The viewer's user id: messages from `me` are outgoing.
    public var me: String
    public var users: [String: ChatUser]
    public var messages: [ChatMessage]
    /// Users currently typing.
    public var typing: [String]
    /// Cell definitions by message-type key (`textIncoming`, `imageOutgoing`, `poll`, …).
    public var cells: [String: CellDefinition]

    public init(
        me: String, users: [String: ChatUser] = [:], messages: [ChatMessage], typing: [String] = [], cells: [String: CellDefinition] = [:]
    ) {
        self.me = me
        self.users = users
        self.messages = messages
        self.typing = typing
        self.cells = cells
    }

    /// The cell definition for `message`, if the document gives one: `<type>Incoming` /
    /// `<type>Outgoing` first, then `<type>` for both directions.
    public func cell(for message: ChatMessage) -> CellDefinition? {
        cells[message.typeKey(isIncoming: message.from != me)] ?? cells[message.type.name]
    }
}
