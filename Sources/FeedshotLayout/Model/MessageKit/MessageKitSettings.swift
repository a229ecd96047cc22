/// A document's `messageKit`: what a MessageKit app sets on its `MessagesCollectionViewFlowLayout`,
/// its size calculators and its delegates. Defaults are MessageKit's (docs/conformance/messagekit.md).
public struct MessageKitSettings: Sendable, Hashable {
    /// A kind's calculator: the equivalent of a `MessageSizeCalculator` returned from
    /// `cellSizeCalculatorForItem(at:)` (or one of the flow layout's own, configured) for that kind.
    public struct Kind: Sendable, Hashable {
        /// A fixed container size (`messageContainerSize` returning a constant).
        public var size: Size?
        /// Text-driven kinds: the message font's size (`messageLabelFont`, `contactLabelFont`).
        public var fontSize: Double?
        /// This calculator's `avatarLeadingTrailingPadding` (nil: the flow layout's, set on every
        /// calculator).
        public var avatarLeadingTrailingPadding: Double?
        /// The calculator's settings for both sides.
        public var options = MessageKitOptions()
        /// Its settings for incoming messages.
        public var incoming = MessageKitOptions()
        /// Its settings for outgoing messages.
        public var outgoing = MessageKitOptions()

        /// A kind with no settings of its own.
        public init() {}
    }

    /// The flow layout's `sectionInset`, around every section (one message each).
    public var sectionInset = EdgeInsets(top: 4, left: 8, bottom: 4, right: 8)
    /// `avatarLeadingTrailingPadding`: between the cell's edge and the avatar.
    public var avatarLeadingTrailingPadding = 0.0
    /// `typingIndicatorViewSize(for:)`: the width (nil: the collection view's less the section
    /// inset) and height of the typing indicator's cell.
    public var typingIndicatorWidth: Double?
    /// See `typingIndicatorWidth`.
    public var typingIndicatorHeight = 62.0
    /// `headerViewSize(for:in:)` of every section (per message in its `messageKit.header`).
    public var headerHeight = 0.0
    /// `footerViewSize(for:in:)` of every section.
    public var footerHeight = 0.0
    /// The collection view's `backgroundColor` (nil: `collectionViewBackground`, the appearance's systemBackground).
    public var backgroundColor: Color?
    /// Feedshot's own option, not MessageKit's: mirror the conversation about the vertical axis
    /// when the document's layout direction is right-to-left. MessageKit places its views by
    /// absolute frames and has no right-to-left support (issue #192), so by default a
    /// right-to-left document keeps MessageKit's sides and only its text runs right to left.
    public var mirror = false
    /// Settings for every message.
    public var all = MessageKitOptions()
    /// The `incoming…` properties and incoming answers.
    public var incoming = MessageKitOptions()
    /// The `outgoing…` properties and outgoing answers.
    public var outgoing = MessageKitOptions()
    /// Calculators by kind (built-in kinds configured, or custom kinds).
    public var kinds: [String: Kind] = [:]

    /// MessageKit's defaults.
    public init() {}

    /// The built-in kinds (`MessageKind` cases).
    public static let builtInKinds: Set<String> = [
        "text", "attributedText", "emoji", "photo", "video", "location", "audio", "contact", "linkPreview", "custom",
    ]

    /// The `.customImageTail` images the settings name, at every level but the messages'.
    var bubbleImageReferences: Set<String> {
        let levels = [all, incoming, outgoing] + kinds.values.flatMap { [$0.options, $0.incoming, $0.outgoing] }
        return Set(levels.compactMap(\.bubble.image?.src))
    }

    /// The options that apply to a message of `kind` on one side, its own `message` options first:
    /// message > kind and side > kind > side > global.
    public func options(kind: String, isIncoming: Bool, message: MessageKitOptions) -> MessageKitOptions {
        levels(kind: kind, isIncoming: isIncoming).reduce(message) { result, level in result.merged(over: level.options) }
    }

    /// The levels whose options apply to a message of `kind` on one side, the strongest first —
    /// kind and side, kind, side, global — each with its path in the document, so a warning can
    /// name the level an option came from.
    func levels(kind: String, isIncoming: Bool) -> [(path: String, options: MessageKitOptions)] {
        let side = isIncoming ? "incoming" : "outgoing"
        var levels: [(path: String, options: MessageKitOptions)] = []
        if let calculator = kinds[kind] {
            levels.append(("messageKit.kinds.\(kind).\(side)", isIncoming ? calculator.incoming : calculator.outgoing))
            levels.append(("messageKit.kinds.\(kind)", calculator.options))
        }
        levels.append(("messageKit.\(side)", isIncoming ? incoming : outgoing))
        levels.append(("messageKit", all))
        return levels
    }
}
