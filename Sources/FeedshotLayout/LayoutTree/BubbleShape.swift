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

    /// An app's bubble image (`.customImageTail`): drawn with the tail at the bottom right, turned
    /// to `corner` and stretched from its centre to the frame; its alpha masks the container.
    public struct StretchedImage: Sendable, Hashable, Codable {
        /// The image's reference (loaded like a message's image).
        public var ref: String
        /// Its size in points: pixels over its scale.
        public var width: Double
        /// See `width`.
        public var height: Double
        /// The tail's corner: the image as it is at `bottomRight`, mirrored at `bottomLeft`,
        /// upside down at `topLeft` and flipped vertically at `topRight` (`TailCorner.imageOrientation`).
        public var corner: Corner

        /// The image `ref` of `width` × `height` points turned to `corner`.
        public init(ref: String, width: Double, height: Double, corner: Corner) {
            self.ref = ref
            self.width = width
            self.height = height
            self.corner = corner
        }

        private enum CodingKeys: String, CodingKey { case ref, width, height, corner }

        /// Encodes the value as `feedshot layout` prints it: a `data:` URI as `data:…`, as an image element's.
        public func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(DataURI.hasScheme(ref) ? "data:…" : ref, forKey: .ref)
            try c.encode(width, forKey: .width)
            try c.encode(height, forKey: .height)
            try c.encode(corner, forKey: .corner)
        }
    }

    /// A rounded rectangle with only some corners rounded (a `.custom` style's layer mask).
    public struct RoundedCorners: Sendable, Hashable, Codable {
        /// The rounded corners, in `Corner`'s order.
        public var corners: [Corner]
        /// Their radius in points.
        public var radius: Double

        /// `corners` rounded by `radius`.
        public init(corners: [Corner], radius: Double) {
            self.corners = corners
            self.radius = radius
        }
    }

    /// The tail, if any; nil is MessageKit's `.bubble` (no tail) unless `image` or
    /// `roundedCorners` says otherwise.
    public var tail: Tail?
    /// `.customImageTail`: the app's image in place of MessageKit's.
    public var image: StretchedImage?
    /// `.custom` with a corner mask: a rounded rectangle in place of MessageKit's image.
    public var roundedCorners: RoundedCorners?

    /// A bubble with an optional tail.
    public init(tail: Tail? = nil) {
        self.tail = tail
    }

    /// `.customImageTail`: `image` in place of MessageKit's bubble image.
    public init(image: StretchedImage) {
        self.image = image
    }

    /// `.custom` with a corner mask.
    public init(roundedCorners: RoundedCorners) {
        self.roundedCorners = roundedCorners
    }
}
