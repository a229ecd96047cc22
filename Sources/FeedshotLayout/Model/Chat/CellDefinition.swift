/// A custom chat cell: the equivalent of a class returned from `cellForMessageTypes()`.
public enum CellDefinition: Sendable, Hashable {
    /// Fixed height, the sum of its named parts (Amity's example: 34 + 228 + 34 = 296).
    case fixed(StaticCell)
    /// Reserved widths and heights around one text block (Amity's example: reserved width 156,
    /// reserved height 84, so `ceil(textHeight at W − 156) + 84`).
    case dynamic(DynamicCell)

    /// Parts stacked top to bottom: the top slot holds avatar and name, the content slot the
    /// message, the bottom slot the time.
    public struct StaticCell: Sendable, Hashable {
        /// The top slot (avatar and name).
        public var top: Double
        /// The content slot (the message).
        public var content: Double
        /// The bottom slot (the time).
        public var bottom: Double
        /// The bubble's fill; the theme's when nil.
        public var bubbleColor: Color?
        /// The text's colour; the theme's when nil.
        public var textColor: Color?

        /// A static cell of three slots.
        public init(top: Double, content: Double, bottom: Double, bubbleColor: Color? = nil, textColor: Color? = nil) {
            self.top = top
            self.content = content
            self.bottom = bottom
            self.bubbleColor = bubbleColor
            self.textColor = textColor
        }

        /// The cell's height: the sum of its slots.
        public var height: Double { top + content + bottom }
    }

    /// The widths a dynamic cell reserves beside its text, leading to trailing.
    public struct ReservedWidth: Sendable, Hashable {
        /// From the leading edge to the avatar.
        public var leading: Double
        /// The avatar.
        public var avatar: Double
        /// Between the avatar and the bubble.
        public var avatarSpacing: Double
        /// The bubble's leading padding.
        public var bubbleLeading: Double
        /// The bubble's trailing padding.
        public var bubbleTrailing: Double
        /// From the bubble to the trailing edge.
        public var trailing: Double

        /// All of them: the text is measured at the canvas width minus this.
        public var total: Double { leading + avatar + avatarSpacing + bubbleLeading + bubbleTrailing + trailing }
    }

    /// The heights a dynamic cell reserves above and below its text.
    public struct ReservedHeight: Sendable, Hashable {
        /// The top slot (avatar and name).
        public var top: Double
        /// The bubble's top padding.
        public var bubbleTop: Double
        /// The bubble's bottom padding.
        public var bubbleBottom: Double
        /// The bottom slot (the time).
        public var bottom: Double

        /// All of them: the cell is the text's height plus this.
        public var total: Double { top + bubbleTop + bubbleBottom + bottom }
    }

    /// A cell whose height follows its text.
    public struct DynamicCell: Sendable, Hashable {
        /// The text's font.
        public var font: AmityFont
        /// Widths reserved beside the text.
        public var reservedWidth: ReservedWidth
        /// Heights reserved above and below the text.
        public var reservedHeight: ReservedHeight
        /// The bubble's fill; the theme's when nil.
        public var bubbleColor: Color?
        /// The text's colour; the theme's when nil.
        public var textColor: Color?
        /// Collapse to this many lines with " ...Read more", as the kit's `AmityExpandableLabel` does (none by
        /// default, as in the source example).
        public var maxLines: Int?
    }
}
