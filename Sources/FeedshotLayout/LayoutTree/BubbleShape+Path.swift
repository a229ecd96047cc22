import Foundation

/// A closed outline of straight lines and cubic Béziers, in canvas points: what the painter fills,
/// strokes or clips to.
package struct BubblePath: Sendable, Hashable {
    /// One step of the outline.
    package enum Segment: Sendable, Hashable {
        case move(x: Double, y: Double)
        case line(x: Double, y: Double)
        case curve(x1: Double, y1: Double, x2: Double, y2: Double, x: Double, y: Double)
        case close
    }

    package var segments: [Segment]
}

/// MessageKit's bubble images as outlines. The images (`Sources/Assets.xcassets/Images/` at
/// b4493fe) are black-on-clear masks drawn with the tail at the bottom right; `MessageStyle`
/// turns them to the tail's corner (`TailCorner.imageOrientation`) and stretches them with cap
/// insets of half their size (`MessageStyle.stretch`), so the corners and the tail keep their
/// size and only the middle row and column grow. The outlines below were fitted to the @3x
/// images' edges (root-mean-square distance 0.03 pt; docs/conformance/messagekit.md).
///
/// A frame smaller than the image along an axis is taken to scale the image down along it
/// (Core Animation's behaviour for a nine-part image whose caps do not fit; not in MessageKit).
extension BubbleShape {
    /// The corners' radius in every bubble image.
    static let cornerRadius = 17.0

    /// The fill image's size in points: `bubble_full` and `bubble_full_tail_v2` are 56 × 35,
    /// `bubble_full_tail_v1` 55 × 35.
    var imageSize: Size {
        Size(width: tail?.style == .pointedEdge ? 55 : 56, height: 35)
    }

    /// The outline image's size: `bubble_outlined` 58 × 37, `bubble_outlined_tail_v1/v2` 57 × 37
    /// (the fill's outline moved 1 pt right and down, drawn 1 pt wide).
    var outlineImageSize: Size {
        Size(width: tail == nil ? 58 : 57, height: 37)
    }

    /// The outline of the bubble stretched to `frame`: the mask MessageKit clips the container
    /// (its colour, text, photo, map) to.
    ///
    /// A `.custom` corner mask is its rounded rectangle; an app's image (`.customImageTail`) has
    /// no outline, so its path is the frame, and the painter masks by the image itself.
    package func fillPath(in frame: Rect) -> BubblePath {
        if let roundedCorners { return BubbleShape.path(in: frame, rounding: roundedCorners) }
        if image != nil { return BubbleShape.path(in: frame, rounding: RoundedCorners(corners: [], radius: 0)) }
        return BubbleShape.path(nativeSegments(offset: 0), image: imageSize, corner: tail?.corner, frame: frame)
    }

    /// The Advanced example's mask, `UIBezierPath(roundedRect:byRoundingCorners:cornerRadii:)`:
    /// `frame` with the named corners rounded by quarter circles of the radius (at most half the
    /// shorter side; Feedshot's bound) and the others square.
    static func path(in frame: Rect, rounding mask: RoundedCorners) -> BubblePath {
        let w = frame.width, h = frame.height
        let r = min(mask.radius, w / 2, h / 2)
        let half = Double.pi / 2
        func radius(_ corner: Corner) -> Double { mask.corners.contains(corner) ? r : 0 }
        let tl = radius(.topLeft), tr = radius(.topRight), br = radius(.bottomRight), bl = radius(.bottomLeft)
        var steps: [NativeSegment] = [.move(tl, 0), .line(w - tr, 0)]
        if tr > 0 { steps.append(.arc(cx: w - tr, cy: tr, radius: tr, from: -half, to: 0)) }
        steps.append(.line(w, h - br))
        if br > 0 { steps.append(.arc(cx: w - br, cy: h - br, radius: br, from: 0, to: half)) }
        steps.append(.line(bl, h))
        if bl > 0 { steps.append(.arc(cx: bl, cy: h - bl, radius: bl, from: half, to: .pi)) }
        steps.append(.line(0, tl))
        if tl > 0 { steps.append(.arc(cx: tl, cy: tl, radius: tl, from: .pi, to: 3 * half)) }
        // Drawn at the frame's own size, the stretch leaves every point where it is.
        return path(steps, image: Size(width: w, height: h), corner: nil, frame: frame)
    }

    /// The centre line of the 1-pt outline an outlined style draws (`bubble_outlined*`), stretched
    /// to `frame`; the painter strokes it and clips it to `fillPath`.
    package func outlinePath(in frame: Rect) -> BubblePath {
        BubbleShape.path(nativeSegments(offset: 1), image: outlineImageSize, corner: tail?.corner, frame: frame)
    }

    /// A native outline's steps, with arcs kept as arcs until the path is built.
    enum NativeSegment {
        case move(Double, Double)
        case line(Double, Double)
        case curve(Double, Double, Double, Double, Double, Double)
        /// An arc about (`cx`, `cy`) from angle `from` to `to` (radians, y down: clockwise).
        case arc(cx: Double, cy: Double, radius: Double, from: Double, to: Double)
    }

    /// The outline in its image's coordinates with the tail at the bottom right, moved by
    /// `offset` (1 for the outline images).
    func nativeSegments(offset o: Double) -> [NativeSegment] {
        let r = BubbleShape.cornerRadius, h = 35.0
        let w = imageSize.width
        let half = Double.pi / 2
        var steps: [NativeSegment] = []
        // The top edge and the top-right corner; the body's right edge is `right`.
        let right: Double
        switch tail?.style {
        case nil: right = w
        case .curved: right = w - 6.11
        case .pointedEdge: right = w - 3.83
        }
        steps += [.move(r + o, o), .line(right - r + o, o), .arc(cx: right - r + o, cy: r + o, radius: r, from: -half, to: 0)]
        switch tail?.style {
        case nil:
            steps += [.line(w + o, h - r + o), .arc(cx: w - r + o, cy: h - r + o, radius: r, from: 0, to: half)]
        case .curved:
            // The straight edge, the tail's outer curve to its tip, its inner curve back to the
            // notch, and the body's bottom-right corner from there.
            let notch = 0.854_54
            let nx = right - r + r * cos(notch) + o, ny = h - r + r * sin(notch) + o
            steps += [
                .line(right + o, h - 10 + o),
                .curve(right + o, h - 1.5 + o, w - 2 + o, h - 1.5 + o, w + o, h + o),
                .curve(w - 2.18 + o, h - 0.46 + o, w - 6.70 + o, h + 0.49 + o, nx, ny),
                .arc(cx: right - r + o, cy: h - r + o, radius: r, from: notch, to: half),
            ]
        case .pointedEdge:
            // The straight edge, the tail's straight edge to its point, and a square corner.
            steps += [.line(right + o, h - 5.8 + o), .line(w + o, h + o)]
        }
        steps += [
            .line(r + o, h + o), .arc(cx: r + o, cy: h - r + o, radius: r, from: half, to: .pi),
            .line(o, r + o), .arc(cx: r + o, cy: r + o, radius: r, from: .pi, to: 3 * half),
        ]
        return steps
    }

    /// `steps` turned to `corner` inside an `image`-sized picture, then stretched to `frame`.
    static func path(_ steps: [NativeSegment], image: Size, corner: Corner?, frame: Rect) -> BubblePath {
        let flipX = corner == .bottomLeft || corner == .topLeft
        let flipY = corner == .topLeft || corner == .topRight
        func point(_ x: Double, _ y: Double) -> (x: Double, y: Double) {
            let nx = flipX ? image.width - x : x, ny = flipY ? image.height - y : y
            return (
                frame.x + stretch(nx, native: image.width, to: frame.width),
                frame.y + stretch(ny, native: image.height, to: frame.height)
            )
        }
        var segments: [BubblePath.Segment] = []
        for step in steps {
            switch step {
            case .move(let x, let y):
                let p = point(x, y)
                segments.append(.move(x: p.x, y: p.y))
            case .line(let x, let y):
                let p = point(x, y)
                segments.append(.line(x: p.x, y: p.y))
            case .curve(let x1, let y1, let x2, let y2, let x, let y):
                let a = point(x1, y1), b = point(x2, y2), p = point(x, y)
                segments.append(.curve(x1: a.x, y1: a.y, x2: b.x, y2: b.y, x: p.x, y: p.y))
            case .arc(let cx, let cy, let radius, let from, let to):
                for piece in arcPieces(cx: cx, cy: cy, radius: radius, from: from, to: to) {
                    let a = point(piece.0, piece.1), b = point(piece.2, piece.3), p = point(piece.4, piece.5)
                    segments.append(.curve(x1: a.x, y1: a.y, x2: b.x, y2: b.y, x: p.x, y: p.y))
                }
            }
        }
        segments.append(.close)
        return BubblePath(segments: segments)
    }

    /// One coordinate of a nine-part image stretched from `native` to `size` points: the half
    /// before the centre keeps its place, the half after it moves with the far edge; an image
    /// larger than `size` is scaled down.
    static func stretch(_ value: Double, native: Double, to size: Double) -> Double {
        guard size >= native else { return value * size / native }
        return value <= native / 2 ? value : value + size - native
    }

    /// An arc as cubic Béziers of at most a quarter turn each (control points, end point). The
    /// arc starts where the path is (the outlines above always arrive at an arc's start).
    static func arcPieces(cx: Double, cy: Double, radius: Double, from: Double, to: Double) -> [(
        Double, Double, Double, Double, Double, Double
    )] {
        let count = max(1, Int((abs(to - from) / (Double.pi / 2)).rounded(.up)))
        let step = (to - from) / Double(count)
        let k = 4.0 / 3.0 * tan(step / 4) * radius
        return (0..<count).map { index in
            let a0 = from + step * Double(index), a1 = a0 + step
            let (s0, c0, s1, c1) = (sin(a0), cos(a0), sin(a1), cos(a1))
            return (
                cx + radius * c0 - k * s0, cy + radius * s0 + k * c0,
                cx + radius * c1 + k * s1, cy + radius * s1 - k * c1,
                cx + radius * c1, cy + radius * s1
            )
        }
    }
}
