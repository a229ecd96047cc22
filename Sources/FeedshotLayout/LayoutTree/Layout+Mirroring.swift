/// Right-to-left layouts: UIKit mirrors a layout built on leading and trailing edges about the
/// screen's vertical axis — others' messages and avatars on the right, tails and asymmetric
/// corners on the other side — while what is inside an element is not flipped: text runs in its
/// own direction, pictures and icons stay as they are.
extension Layout {
    /// This layout mirrored left to right: every element's and action's frame, bubble tails and
    /// — unless `keepsCorners` — corner radii. The Amity kit rounds its views with
    /// `layer.maskedCorners`, whose `minX`/`maxX` corners are the left and right ones in either
    /// direction (`M/Cells/AmityMessageTableViewCell.swift:84-90`;
    /// `CV/AmityCommentView.swift:74-76`): its layouts keep their corners.
    func mirrored(keepsCorners: Bool = false) -> Layout {
        var layout = self
        layout.items = items.map { $0.mirrored(inWidth: width, keepsCorners: keepsCorners) }
        return layout
    }
}

extension LayoutItem {
    func mirrored(inWidth width: Double, keepsCorners: Bool = false) -> LayoutItem {
        var item = self
        item.frame = frame.mirrored(inWidth: width)
        item.elements = elements.map { element in
            var element = element
            element.frame = element.frame.mirrored(inWidth: width)
            element.clip = element.clip?.mirrored(inWidth: width)
            element.content = element.content.mirrored(keepsCorners: keepsCorners)
            return element
        }
        item.actions = actions.map { action in
            var action = action
            action.frame = action.frame.mirrored(inWidth: width)
            return action
        }
        if keepsCorners, elements.contains(where: \.keepsSquareCornerWhenMirrored) { item.note(.rtlSquareCorner) }
        return item
    }
}

extension ElementContent {
    /// The content drawn mirrored: shapes flip, and a text set against its paragraphs' start or
    /// end moves to the other side (as UIKit's leading and trailing alignments follow the
    /// direction), while one set against a side whatever its direction (`visualLeft`,
    /// `visualRight`: `NSTextAlignment.left` and `.right`) stays, as in UIKit; the text itself,
    /// pictures and glyphs do not flip; corner radii flip unless `keepsCorners`.
    func mirrored(keepsCorners: Bool = false) -> ElementContent {
        switch self {
        case .box(let fill, let stroke, let corners):
            return .box(fill: fill, stroke: stroke, corners: keepsCorners ? corners : corners.mirrored)
        case .bubble(let shape, let fill, let stroke):
            return .bubble(shape.mirrored(), fill: fill, stroke: stroke)
        case .image(let ref, let corners, let mask, let fill):
            // The picture is not flipped; the bubble it is masked by is, and its corners as a box's are.
            return .image(ref: ref, corners: keepsCorners ? corners : corners.mirrored, mask: mask?.mirrored(), fill: fill)
        case .text(var text, let lines):
            switch text.alignment {
            case .left: text.alignment = .right
            case .right: text.alignment = .left
            case .natural, .center, .visualLeft, .visualRight: break
            }
            return .text(text, lines: lines)
        case .glyph:
            return self
        }
    }
}

extension BubbleShape {
    /// The tail on the other side (top stays top).
    func mirrored() -> BubbleShape {
        var shape = self
        if let corner = tail?.corner { shape.tail?.corner = corner.mirrored }
        if let corner = image?.corner { shape.image?.corner = corner.mirrored }
        if let rounded = roundedCorners {
            let mirrored = Set(rounded.corners.map(\.mirrored))
            shape.roundedCorners?.corners = Corner.allCases.filter(mirrored.contains)
        }
        return shape
    }
}

extension BubbleShape.Corner {
    /// The corner on the other side.
    var mirrored: BubbleShape.Corner {
        switch self {
        case .topLeft: .topRight
        case .topRight: .topLeft
        case .bottomLeft: .bottomRight
        case .bottomRight: .bottomLeft
        }
    }
}

extension LayoutElement {
    /// Whether this is a chat bubble or a comment's bubble rounded unevenly left and right, whose
    /// square corner stays on its side when the Amity kit's layout is mirrored
    /// (`KitBehaviour.rtlSquareCorner`).
    var keepsSquareCornerWhenMirrored: Bool {
        guard role == .bubble || role == .comment, case .box(_, _, let corners) = content else { return false }
        return corners != corners.mirrored
    }
}
