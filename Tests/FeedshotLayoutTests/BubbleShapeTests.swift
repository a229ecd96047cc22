import Testing

@testable import FeedshotLayout

/// MessageKit's bubble images as outlines: their corners, tails, turns and stretching
/// (docs/conformance/messagekit.md, "Bubbles").
struct BubbleShapeTests {
    /// The path's end points (every segment's last point).
    func points(_ path: BubblePath) -> [(x: Double, y: Double)] {
        path.segments.compactMap {
            switch $0 {
            case .move(let x, let y), .line(let x, let y), .curve(_, _, _, _, let x, let y): (x, y)
            case .close: nil
            }
        }
    }

    func bounds(_ path: BubblePath) -> Rect {
        let p = points(path)
        let xs = p.map(\.x), ys = p.map(\.y)
        return Rect(x: xs.min()!, y: ys.min()!, width: xs.max()! - xs.min()!, height: ys.max()! - ys.min()!)
    }

    func contains(_ path: BubblePath, _ x: Double, _ y: Double) -> Bool {
        points(path).contains { abs($0.x - x) < 1e-9 && abs($0.y - y) < 1e-9 }
    }

    @Test func theBubbleHasCircularCornersOfRadius17() {
        let path = BubbleShape().fillPath(in: Rect(x: 10, y: 20, width: 200, height: 60))
        #expect(contains(path, 10 + 17, 20))  // the top edge starts after the top-left corner
        #expect(contains(path, 10 + 200 - 17, 20))
        #expect(contains(path, 10 + 200, 20 + 60 - 17))
        #expect(contains(path, 10, 20 + 17))
        #expect(bounds(path) == Rect(x: 10, y: 20, width: 200, height: 60))
    }

    /// The nine-part images' sizes at @1x (`Assets.xcassets/Images/`, every scale the same in
    /// points): `bubble_full` and the curved `bubble_full_tail_v2` 56 × 35, the pointed
    /// `bubble_full_tail_v1` 55 × 35 (`MessageStyle.swift:62-69,137-150`); the outlines one larger.
    @Test func theBubbleImagesAre56Or55By35() {
        #expect(BubbleShape().imageSize == Size(width: 56, height: 35))
        #expect(BubbleShape(tail: .init(corner: .bottomRight, style: .curved)).imageSize == Size(width: 56, height: 35))
        #expect(BubbleShape(tail: .init(corner: .topLeft, style: .pointedEdge)).imageSize == Size(width: 55, height: 35))
        #expect(BubbleShape().outlineImageSize == Size(width: 58, height: 37))
        #expect(BubbleShape(tail: .init(corner: .bottomLeft, style: .pointedEdge)).outlineImageSize == Size(width: 57, height: 37))
    }

    @Test func aCurvedTailLeavesTheBodyAtWMinus6Point11AndEndsInTheCorner() {
        let frame = Rect(x: 0, y: 0, width: 200, height: 60)
        let path = BubbleShape(tail: .init(corner: .bottomRight, style: .curved)).fillPath(in: frame)
        #expect(contains(path, 200 - 6.11, 60 - 10))  // the straight edge ends 10 above the bottom
        #expect(contains(path, 200, 60))  // the tip
        #expect(contains(path, 200 - 6.11 - 17, 0))  // the body's top-right corner is narrower
    }

    @Test func aPointedTailIsAStraightLineFromWMinus3Point83() {
        let path = BubbleShape(tail: .init(corner: .bottomRight, style: .pointedEdge)).fillPath(
            in: Rect(x: 0, y: 0, width: 100, height: 40))
        #expect(contains(path, 100 - 3.83, 40 - 5.8))
        #expect(contains(path, 100, 40))
        #expect(path.segments.contains(.line(x: 17, y: 40)))  // a square bottom-right corner: straight to the bottom-left arc
    }

    /// The images are turned per `TailCorner.imageOrientation`: bottomLeft mirrored, topRight flipped, topLeft both.
    @Test(arguments: [
        (BubbleShape.Corner.bottomLeft, 0.0, 40.0), (.topRight, 100, 0), (.topLeft, 0, 0), (.bottomRight, 100, 40),
    ])
    func tailsSitOnAnyCorner(corner: BubbleShape.Corner, tipX: Double, tipY: Double) {
        let path = BubbleShape(tail: .init(corner: corner, style: .curved)).fillPath(in: Rect(x: 0, y: 0, width: 100, height: 40))
        #expect(contains(path, tipX, tipY))
    }

    @Test func theOutlineIsTheFillMovedOnePointInFromEachEdge() {
        let frame = Rect(x: 0, y: 0, width: 100, height: 50)
        let outline = BubbleShape().outlinePath(in: frame)
        #expect(bounds(outline) == Rect(x: 1, y: 1, width: 98, height: 48))
        let tailed = BubbleShape(tail: .init(corner: .bottomRight, style: .curved)).outlinePath(in: frame)
        #expect(contains(tailed, 100, 49))  // the outline image's tip: 57 × 37, the fill moved by (1, 1)
        let edgeX: Double = 1 + 49.89 - 57 + 100, edgeY: Double = 1 + 25 - 37 + 50
        #expect(contains(tailed, edgeX, edgeY))  // its straight edge's end
    }

    @Test func aFrameSmallerThanTheImageScalesItDown() {
        let path = BubbleShape().fillPath(in: Rect(x: 0, y: 0, width: 28, height: 35))
        #expect(contains(path, 8.5, 0))  // 17 × 28 / 56
        #expect(bounds(path) == Rect(x: 0, y: 0, width: 28, height: 35))
        #expect(BubbleShape.stretch(40, native: 56, to: 100) == 84)
        #expect(BubbleShape.stretch(10, native: 56, to: 100) == 10)
    }
}
