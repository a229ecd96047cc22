import Foundation

/// A custom cell declared in the document (the equivalent of an `AmityPostComposable`'s own cell).
struct PostCustomCell<Measurer: TextMeasuring>: FeedCell {
    var context: FeedContext<Measurer>

    /// A declarative custom cell: background, optional image, optional text, fixed or text-driven height.
    mutating func layout(_ c: CustomPostComponent, post: Post, _ canvas: inout CellCanvas, path: String) -> Double {
        let inner = width - 2 * c.padding
        let block = c.text.map {
            TextBlock.measure(
                StyledText($0, font: typography[c.font], color: c.color ?? c.background.map(theme.text(on:)) ?? theme.base),
                width: max(1, inner),
                measurer: measurer)
        }
        let height = c.height ?? ((block?.height ?? 0) + 2 * c.padding)
        let fitted = block?.fitted(toHeight: max(0, height - 2 * c.padding), measurer: measurer)
            .alignedToLeadingEdge(isMirrored: isMirrored)
        if let background = c.background {
            canvas.add(.bubble, Rect(x: 0, y: 0, width: width, height: height), .box(fill: background, corners: .none))
        }
        if let ref = c.image {
            let frame = Rect(x: c.padding, y: c.padding, width: inner, height: max(0, height - 2 * c.padding))
            if let reason = images.failure(ref) {
                // The document's `components[i]` (a composer's component has no place there: its id).
                let field = post.components.firstIndex(of: .custom(c)).map { "components[\($0)]" } ?? "components.\(c.id)"
                warnings.append("\(path).\(field).image: \(reason); drew a placeholder")
                canvas.add(.image, frame, .box(fill: theme.baseShade4, corners: .all(4)))
            } else {
                canvas.add(.image, frame, .image(ref: ref, cornerRadius: 4))
            }
        }
        if let block = fitted {
            canvas.add(
                .text,
                Rect(
                    x: c.padding + block.naturalOffset(inLabelWidth: max(1, inner), isMirrored: isMirrored),
                    y: block.top(inFrameAt: c.padding, height: height - 2 * c.padding), width: block.width, height: block.height),
                text: block)
        }
        // The table's row selection (AmityFeedViewController.swift:221-228).
        canvas.action(.postDidtap, ["postId": post.id, "component": c.id], Rect(x: 0, y: 0, width: width, height: height))
        return height
    }
}
