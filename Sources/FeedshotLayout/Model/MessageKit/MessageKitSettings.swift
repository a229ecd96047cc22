/// MessageKit's `MessagesCollectionViewFlowLayout` knobs (SPEC §6), with the kit's defaults.
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
        public var labelInsets: EdgeInsets?
        public var messagePadding: EdgeInsets?
        public var avatarSize: Double?
        public var avatarPosition: AvatarPosition?
        public var color: Color?

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

    public var sectionInset = EdgeInsets(top: 4, left: 8, bottom: 4, right: 8)
    public var avatarSize = 30.0
    public var avatarPosition = AvatarPosition.cellBottom
    public var incomingMessagePadding = EdgeInsets(top: 0, left: 4, bottom: 0, right: 30)
    public var outgoingMessagePadding = EdgeInsets(top: 0, left: 30, bottom: 0, right: 4)
    public var incomingTextInsets = EdgeInsets(top: 7, left: 18, bottom: 7, right: 14)
    public var outgoingTextInsets = EdgeInsets(top: 7, left: 14, bottom: 7, right: 18)
    public var incomingContactInsets = EdgeInsets(top: 7, left: 46, bottom: 7, right: 30)
    public var outgoingContactInsets = EdgeInsets(top: 7, left: 41, bottom: 7, right: 35)
    /// Labels sit this far in from the avatar's side.
    public var labelInset = 42.0
    /// Label heights; 0 hides the label (MessageKit's delegate default).
    public var cellTopLabelHeight = 0.0
    public var messageTopLabelHeight = 0.0
    public var messageBottomLabelHeight = 0.0
    public var cellBottomLabelHeight = 0.0
    public var bubbleStyle = BubbleStyle.bubble
    /// Bubble fills; nil draws the palette's for the document's appearance.
    public var incomingColor: Color?
    public var outgoingColor: Color?
    public var typingIndicatorHeight = 62.0
    public var kinds: [String: KindOverride] = [:]

    public init() {}

    /// The built-in kinds (`MessageKind` cases).
    public static let builtInKinds: Set<String> = [
        "text", "attributedText", "emoji", "photo", "video", "location", "audio", "contact", "linkPreview", "custom",
    ]
}
