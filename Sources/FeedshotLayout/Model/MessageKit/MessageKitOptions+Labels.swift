extension MessageKitOptions {
    /// The four labels of a `MessageContentCell`.
    public enum LabelKind: String, Sendable, Hashable, CaseIterable {
        /// The labels above and below the cell and the message.
        case cellTop, messageTop, messageBottom, cellBottom
    }

    /// Which messages a label's height (and Feedshot's automatic text) applies to when the
    /// document does not state it per message. MessageKit asks the delegate for every message;
    /// these are the rules the delegates of Feedshot's earlier versions followed.
    public enum LabelRule: String, Sendable, Hashable, CaseIterable {
        /// Every message.
        case always
        /// The first message of each day (the cell top label's default).
        case newDay
        /// A message whose sender differs from the one before (the message top label's default).
        case newSender
    }

    /// A label's text: plain, or an attributed string as runs.
    public enum LabelText: Sendable, Hashable {
        /// A plain string, in the label's font and colour.
        case plain(String)
        /// An attributed string.
        case runs([MessageKitContent.Run])
    }

    /// One label: `…LabelHeight`, `…LabelAlignment` and `…LabelAttributedText`.
    public struct Label: Sendable, Hashable {
        /// The height the cell gives it; 0 hides it (MessageKit's default).
        public var height: Double?
        /// Which messages the height applies to (when not stated per message).
        public var show: LabelRule?
        /// `LabelAlignment.textAlignment`.
        public var alignment: StyledText.Alignment?
        /// `LabelAlignment.textInsets`; may be negative.
        public var textInsets: EdgeInsets?
        /// The text; Feedshot's automatic text when nil (the date, the sender's name, the time or "Read").
        public var text: LabelText?
        /// The plain text's font.
        public var font: FontSpec?
        /// The plain text's colour.
        public var color: Color?

        /// No label options.
        public init() {}
    }

    /// The four labels' options.
    public struct Labels: Sendable, Hashable {
        /// `cellTopLabel`.
        public var cellTop = Label()
        /// `messageTopLabel`.
        public var messageTop = Label()
        /// `messageBottomLabel`.
        public var messageBottom = Label()
        /// `cellBottomLabel`.
        public var cellBottom = Label()

        /// No label options.
        public init() {}

        /// The options of `kind`.
        public subscript(kind: LabelKind) -> Label {
            get {
                switch kind {
                case .cellTop: cellTop
                case .messageTop: messageTop
                case .messageBottom: messageBottom
                case .cellBottom: cellBottom
                }
            }
            set {
                switch kind {
                case .cellTop: cellTop = newValue
                case .messageTop: messageTop = newValue
                case .messageBottom: messageBottom = newValue
                case .cellBottom: cellBottom = newValue
                }
            }
        }
    }
}
