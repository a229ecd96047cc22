/// MessageKit's `MessagesCollectionViewFlowLayout` settings, with the kit's defaults (docs/conformance/messagekit.md).
public struct MessageKitSettings: Sendable, Hashable {
    /// MessageKit's `AvatarPosition.Vertical`.
    public enum AvatarPosition: String, Sendable, Hashable, CaseIterable {
        case cellTop, cellBottom, messageTop, messageBottom, messageCenter, messageLabelTop
    }

    /// MessageKit's `MessageStyle`, as a document names it.
    public enum BubbleStyle: String, Sendable, Hashable, CaseIterable {
        case bubble, bubbleTail, bubbleTailPointed, bubbleOutline, bubbleTailOutline, none
    }

    /// A calculator override for one message kind: the equivalent of a `MessageSizeCalculator`
    /// subclass picked for that kind in `cellSizeCalculatorForItem(at:)`.
    public struct KindOverride: Sendable, Hashable {
        /// A fixed container size (`messageContainerSize` returning a constant).
        public var size: Size?
        /// Text-driven kinds: the font size of the message text (default the body size).
        public var fontSize: Double?
        /// The insets around the message text in its bubble.
        public var labelInsets: EdgeInsets?
        /// The padding around the container.
        public var messagePadding: EdgeInsets?
        /// The avatar's side.
        public var avatarSize: Double?
        /// Where the avatar sits beside the message.
        public var avatarPosition: AvatarPosition?
        /// The bubble's (or a fixed-size container's) fill.
        public var color: Color?

        /// An override; every setting left nil keeps the layout's.
        public init(
            size: Size? = nil, fontSize: Double? = nil, labelInsets: EdgeInsets? = nil, messagePadding: EdgeInsets? = nil,
            avatarSize: Double? = nil, avatarPosition: AvatarPosition? = nil, color: Color? = nil
        ) {
            self.size = size
            self.fontSize = fontSize
            self.labelInsets = labelInsets
            self.messagePadding = messagePadding
            self.avatarSize = avatarSize
            self.avatarPosition = avatarPosition
            self.color = color
        }
    }

    /// Inset of every section (one message each).
    public var sectionInset = EdgeInsets(top: 4, left: 8, bottom: 4, right: 8)
    /// The avatar's side (`setMessageIncomingAvatarSize`).
    public var avatarSize = 30.0
    /// Where avatars sit.
    public var avatarPosition = AvatarPosition.cellBottom
    /// Padding around incoming containers.
    public var incomingMessagePadding = EdgeInsets(top: 0, left: 4, bottom: 0, right: 30)
    /// Padding around outgoing containers.
    public var outgoingMessagePadding = EdgeInsets(top: 0, left: 30, bottom: 0, right: 4)
    /// Insets of incoming text in its bubble.
    public var incomingTextInsets = EdgeInsets(top: 7, left: 18, bottom: 7, right: 14)
    /// Insets of outgoing text in its bubble.
    public var outgoingTextInsets = EdgeInsets(top: 7, left: 14, bottom: 7, right: 18)
    /// Insets of an incoming contact's name.
    public var incomingContactInsets = EdgeInsets(top: 7, left: 46, bottom: 7, right: 30)
    /// Insets of an outgoing contact's name.
    public var outgoingContactInsets = EdgeInsets(top: 7, left: 41, bottom: 7, right: 35)
    /// Labels sit this far in from the avatar's side.
    public var labelInset = 42.0
    /// Label heights; 0 hides the label (MessageKit's delegate default).
    public var cellTopLabelHeight = 0.0
    /// The message top label's height (the sender's name).
    public var messageTopLabelHeight = 0.0
    /// The message bottom label's height (the time, or "Read").
    public var messageBottomLabelHeight = 0.0
    /// The cell bottom label's height.
    public var cellBottomLabelHeight = 0.0
    /// The bubble style (`MessageStyle`).
    public var bubbleStyle = BubbleStyle.bubble
    /// Bubble fills; nil draws the palette's for the document's appearance.
    public var incomingColor: Color?
    /// The outgoing bubble fill; nil draws the palette's.
    public var outgoingColor: Color?
    /// The typing indicator section's height.
    public var typingIndicatorHeight = 62.0
    /// Calculator overrides by kind.
    public var kinds: [String: KindOverride] = [:]

    /// An override; every setting left nil keeps the layout's.
    public init() {}

    /// The built-in kinds (`MessageKind` cases).
    public static let builtInKinds: Set<String> = [
        "text", "attributedText", "emoji", "photo", "video", "location", "audio", "contact", "linkPreview", "custom",
    ]
}
