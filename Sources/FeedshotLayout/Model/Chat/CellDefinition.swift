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
        public var top: Double
        public var content: Double
        public var bottom: Double
        public var bubbleColor: Color?
        public var textColor: Color?

        public init(top: Double, content: Double, bottom: Double, bubbleColor: Color? = nil, textColor: Color? = nil) {
            self.top = top
            self.content = content
            self.bottom = bottom
            self.bubbleColor = bubbleColor
            self.textColor = textColor
        }

        public var height: Double { top + content + bottom }
    }

    public struct ReservedWidth: Sendable, Hashable {
        public var leading: Double
        public var avatar: Double
        public var avatarSpacing: Double
        public var bubbleLeading: Double
        public var bubbleTrailing: Double
        public var trailing: Double

        public var total: Double { leading + avatar + avatarSpacing + bubbleLeading + bubbleTrailing + trailing }
    }

    public struct ReservedHeight: Sendable, Hashable {
        public var top: Double
        public var bubbleTop: Double
        public var bubbleBottom: Double
        public var bottom: Double

        public var total: Double { top + bubbleTop + bubbleBottom + bottom }
    }

    public struct DynamicCell: Sendable, Hashable {
        public var font: AmityFont
        public var reservedWidth: ReservedWidth
        public var reservedHeight: ReservedHeight
        public var bubbleColor: Color?
        public var textColor: Color?
        /// Collapse to this many lines with "... Read more" (none by default, as in the source example).
        public var maxLines: Int?
    }
}
