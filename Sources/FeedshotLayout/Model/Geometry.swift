/// A rectangle in points, in the coordinates of the whole canvas (origin top-left).
public struct Rect: Sendable, Hashable, Codable {
    /// The left edge.
    public var x: Double
    /// The top edge.
    public var y: Double
    /// The width, in points.
    public var width: Double
    /// The height, in points.
    public var height: Double

    /// A rectangle at (`x`, `y`), `width` × `height`.
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// The empty rectangle at the origin.
    public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)

    /// The left edge.
    public var minX: Double { x }
    /// The top edge.
    public var minY: Double { y }
    /// The right edge.
    public var maxX: Double { x + width }
    /// The bottom edge.
    public var maxY: Double { y + height }
    /// The horizontal centre.
    public var midX: Double { x + width / 2 }
    /// The vertical centre.
    public var midY: Double { y + height / 2 }

    /// The same rectangle moved by `dx`, `dy`.
    func offsetBy(dx: Double = 0, dy: Double = 0) -> Rect {
        Rect(x: x + dx, y: y + dy, width: width, height: height)
    }

    /// The same rectangle shrunk by `insets` on each side.
    func inset(by insets: EdgeInsets) -> Rect {
        Rect(
            x: x + insets.left, y: y + insets.top,
            width: width - insets.left - insets.right,
            height: height - insets.top - insets.bottom)
    }

    /// The rectangle mirrored across the vertical axis of a canvas `width` wide (for trailing-side cells).
    func mirrored(inWidth canvasWidth: Double) -> Rect {
        Rect(x: canvasWidth - x - width, y: y, width: width, height: height)
    }

    /// The part of this rectangle inside `other`; nil when they share no area.
    func intersection(_ other: Rect) -> Rect? {
        let left = max(minX, other.minX), right = min(maxX, other.maxX)
        let top = max(minY, other.minY), bottom = min(maxY, other.maxY)
        guard left < right, top < bottom else { return nil }
        return Rect(x: left, y: top, width: right - left, height: bottom - top)
    }
}

/// A width and a height in points.
public struct Size: Sendable, Hashable, Codable {
    /// The width, in points.
    public var width: Double
    /// The height, in points.
    public var height: Double

    /// A size of `width` × `height` points.
    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }
}

/// Insets in UIKit's order: top, left, bottom, right.
public struct EdgeInsets: Sendable, Hashable, Codable {
    /// Inset from the top edge.
    public var top: Double
    /// Inset from the left edge.
    public var left: Double
    /// Inset from the bottom edge.
    public var bottom: Double
    /// Inset from the right edge.
    public var right: Double

    /// Insets in UIKit's order: top, left, bottom, right.
    public init(top: Double, left: Double, bottom: Double, right: Double) {
        self.top = top
        self.left = left
        self.bottom = bottom
        self.right = right
    }

    /// `left + right`.
    public var horizontal: Double { left + right }
    /// `top + bottom`.
    public var vertical: Double { top + bottom }
}

/// Corner radii of a rounded rectangle, clockwise from the top-left corner.
public struct CornerRadii: Sendable, Hashable, Codable {
    /// The top-left corner's radius.
    public var topLeft: Double
    /// The top-right corner's radius.
    public var topRight: Double
    /// The bottom-right corner's radius.
    public var bottomRight: Double
    /// The bottom-left corner's radius.
    public var bottomLeft: Double

    /// Radii per corner, clockwise from the top left.
    public init(topLeft: Double, topRight: Double, bottomRight: Double, bottomLeft: Double) {
        self.topLeft = topLeft
        self.topRight = topRight
        self.bottomRight = bottomRight
        self.bottomLeft = bottomLeft
    }

    /// The same radius on every corner.
    public static func all(_ radius: Double) -> CornerRadii {
        CornerRadii(topLeft: radius, topRight: radius, bottomRight: radius, bottomLeft: radius)
    }

    /// Square corners.
    public static let none = CornerRadii.all(0)

    /// The same corners seen in a mirror (left and right swapped).
    public var mirrored: CornerRadii {
        CornerRadii(topLeft: topRight, topRight: topLeft, bottomRight: bottomLeft, bottomLeft: bottomRight)
    }
}
