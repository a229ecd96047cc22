/// The tiles of a post's gallery as `MosaicLayout` places them
/// (`Components/ImagePicker/CollectionViewLayout/MosaicCollectionViewLayout.swift:41-107,168-195`),
/// in a square `side` = W − 32 wide (the collection view inset 16 on every side), 8 apart:
///
/// - 1 image fills the square;
/// - 2 split it side by side at `ceil(side / 2)`, 8 apart (`dividedIntegral`);
/// - 3 split it top and bottom at `ceil(side / 2)`, the bottom half again side by side;
/// - 4 or more: a top tile `ceil(2 × side / 3)` tall, then three `(side − 16) / 3` squares 8 below
///   it; the fourth shows "+ (n − 3)" when there are more than four.
enum GalleryMosaic {
    static let spacing = 8.0

    /// Tile frames, relative to the square's top-left corner, for `count` images (at most 4 shown).
    static func frames(count: Int, side: Double) -> [Rect] {
        let square = Rect(x: 0, y: 0, width: side, height: side)
        switch count {
        case ..<1:
            return []
        case 1:
            return [square]
        case 2:
            let halves = dividedIntegral(square, fraction: 0.5, vertically: false, spacing: spacing)
            return [halves.first, halves.second]
        case 3:
            let halves = dividedIntegral(square, fraction: 0.5, vertically: true, spacing: spacing)
            let bottom = dividedIntegral(halves.second, fraction: 0.5, vertically: false, spacing: spacing)
            return [halves.first, bottom.first, bottom.second]
        default:
            let top = dividedIntegral(square, fraction: 2.0 / 3.0, vertically: true, spacing: 0).first
            let item = (side - 2 * spacing) / 3
            return [top] + (0..<3).map { Rect(x: Double($0) * (item + spacing), y: top.maxY + spacing, width: item, height: item) }
        }
    }

    /// `CGRect.dividedIntegral(fraction:from:spacing:)`: the slice `ceil(dimension × fraction)`
    /// from the minimum edge, less half the spacing; the remainder after the other half.
    static func dividedIntegral(_ rect: Rect, fraction: Double, vertically: Bool, spacing: Double) -> (first: Rect, second: Rect) {
        let dimension = vertically ? rect.height : rect.width
        let distance = (dimension * fraction).rounded(.up)
        let half = spacing / 2
        if vertically {
            return (
                Rect(x: rect.x, y: rect.y, width: rect.width, height: distance - half),
                Rect(x: rect.x, y: rect.y + distance + half, width: rect.width, height: dimension - distance - half)
            )
        }
        return (
            Rect(x: rect.x, y: rect.y, width: distance - half, height: rect.height),
            Rect(x: rect.x + distance + half, y: rect.y, width: dimension - distance - half, height: rect.height)
        )
    }

    /// "+ (n − 3)" on the fourth tile when there are more than four images
    /// (`AmityGalleryCollectionView.swift:170-171`: `count − maxNumberOfItems + 1`).
    static func overflowLabel(count: Int) -> String? {
        count > 4 ? "+ \(count - 3)" : nil
    }
}
