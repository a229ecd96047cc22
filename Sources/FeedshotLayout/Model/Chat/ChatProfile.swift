/// Which kit's rules lay a conversation out: a document's `style`, with that kit's settings.
public enum ChatProfile: Sendable {
    /// The Amity UIKit's message list, with custom cells by message-type key (`textIncoming`,
    /// `imageOutgoing`, `poll`, …): the document's `cells`, the equivalent of `cellForMessageTypes()`.
    case amity(cells: [String: CellDefinition])
    /// MessageKit's `MessagesCollectionViewFlowLayout`, configured by the document's `messageKit`.
    case messageKit(MessageKitSettings)

    /// The value of a document's `style` field.
    public enum Style: String, Sendable, CaseIterable {
        case amity, messagekit
    }

    /// The document's `style`.
    public var style: Style {
        switch self {
        case .amity: .amity
        case .messageKit: .messagekit
        }
    }
}
