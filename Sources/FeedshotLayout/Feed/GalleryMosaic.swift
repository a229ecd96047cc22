/// The frames of a post's image gallery (docs/conformance/amity.md): a square area W − 32 wide with 8-point gaps.
///
/// One image fills the square; two split it side by side; three or more put one wide tile on top
/// (`ceil(2 × side / 3)` tall) over two or three square tiles; beyond four, the fourth shows "+ N".
enum GalleryMosaic {
    static let spacing = 8.0

    /// Tile frames, relative to the gallery's top-left corner, for `count` images in a `side`-wide area.
    static func frames(count: Int, side: Double) -> [Rect] {
        switch count {
        case ..<1:
            return []
        case 1:
            return [Rect(x: 0, y: 0, width: side, height: side)]
        case 2:
            let w = (side - spacing) / 2
            return [Rect(x: 0, y: 0, width: w, height: side), Rect(x: w + spacing, y: 0, width: w, height: side)]
        case 3:
            let top = (2 * side / 3).rounded(.up)
            let w = (side - spacing) / 2
            let h = (side - 2 * spacing) / 3
            return [
                Rect(x: 0, y: 0, width: side, height: top),
                Rect(x: 0, y: top + spacing, width: w, height: h), Rect(x: w + spacing, y: top + spacing, width: w, height: h),
            ]
        default:
            let top = (2 * side / 3).rounded(.up)
            let w = (side - 2 * spacing) / 3
            return [Rect(x: 0, y: 0, width: side, height: top)]
                + (0..<3).map { Rect(x: Double($0) * (w + spacing), y: top + spacing, width: w, height: w) }
        }
    }

    /// The gallery's height: the lowest tile's bottom.
    static func height(count: Int, side: Double) -> Double {
        frames(count: count, side: side).map(\.maxY).max() ?? 0
    }

    /// "+ N" on the fourth tile when there are more than four images.
    static func overflowLabel(count: Int) -> String? {
        count > 4 ? "+ \(count - 4)" : nil
    }
}
