/// The shape of a MessageKit bubble inside its frame.
public struct BubbleShape: Sendable, Hashable, Codable {
    /// The corner a tail points from.
    public enum Tail: String, Sendable, Hashable, Codable {
        case bottomLeft, bottomRight
    }

    /// Corner radius of the body (MessageKit's bubble images are ≈ 17 at 35 tall).
    public var radius: Double
    /// The tail's corner, if any; the body leaves `tailWidth` for it on that side.
    public var tail: Tail?
    /// A pointed tail rather than a curved one.
    public var isPointed: Bool

    /// The width the tail takes beside the body, in points.
    public static let tailWidth = 6.0

    /// A bubble of corner `radius`, with an optional tail.
    public init(radius: Double, tail: Tail? = nil, isPointed: Bool = false) {
        self.radius = radius
        self.tail = tail
        self.isPointed = isPointed
    }
}
