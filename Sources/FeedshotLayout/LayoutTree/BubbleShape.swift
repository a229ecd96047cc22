/// The shape of a MessageKit bubble inside its frame: MessageKit's stretchable bubble images
/// (`bubble_full`, `bubble_full_tail_v2` for a curved tail, `bubble_full_tail_v1` for a pointed
/// one), turned to the tail's corner and stretched to the frame (`BubbleShape+Path.swift` gives the
/// outlines; docs/conformance/messagekit.md the measurements).
public struct BubbleShape: Sendable, Hashable, Codable {
    /// MessageKit's `MessageStyle.TailCorner`.
    public enum Corner: String, Sendable, Hashable, Codable, CaseIterable {
        /// The bubble's four corners.
        case topLeft, bottomLeft, topRight, bottomRight
    }

    /// MessageKit's `MessageStyle.TailStyle`.
    public enum TailStyle: String, Sendable, Hashable, Codable, CaseIterable {
        /// `bubble_full_tail_v2`: a tail curving out of the body.
        case curved
        /// `bubble_full_tail_v1`: a straight tail to a point.
        case pointedEdge
    }

    /// A tail: where it points from, and its style.
    public struct Tail: Sendable, Hashable, Codable {
        /// The corner the tail sits at.
        public var corner: Corner
        /// Curved or pointed.
        public var style: TailStyle

        /// A tail at `corner` in `style`.
        public init(corner: Corner, style: TailStyle) {
            self.corner = corner
            self.style = style
        }
    }

    /// The tail, if any; nil is MessageKit's `.bubble` (no tail).
    public var tail: Tail?

    /// A bubble with an optional tail.
    public init(tail: Tail? = nil) {
        self.tail = tail
    }
}
