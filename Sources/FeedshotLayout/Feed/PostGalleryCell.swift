import Foundation

/// The gallery cell (`Gallery/AmityPostGalleryTableViewCell.xib`, `Components/AmityGalleryCollectionView.swift`,
/// `General/Cell/AmityGalleryCollectionViewCell`): the post's text at (16, 0), 3 lines, then a
/// W × W collection view whose tiles (`GalleryMosaic`) sit inside a 16-point inset — W + the
/// text's height tall whatever the image count. Tiles are aspect-filled with radius 4; a video
/// tile shows `play.fill` (44, white) unless it carries "+ N" (bold 20, white, no overlay: the
/// kit tints the tile's image before its thumbnail arrives, so the photo shows untinted).
struct PostGalleryCell<Measurer: TextMeasuring>: FeedCell {
    var context: FeedContext<Measurer>

    mutating func layout(_ post: Post, _ canvas: inout CellCanvas, path: String) -> Double {
        let m = FeedMetrics.self
        let text = postLabel(post.text ?? "", post: post, maxLines: m.maxLinesWithMedia, at: m.margin, 0, &canvas).height
        let frames = GalleryMosaic.frames(count: min(post.images.count, m.galleryMaxTiles), side: width - 2 * m.galleryInset)
        let overflow = GalleryMosaic.overflowLabel(count: post.images.count).map(strings.number)
        for (index, tile) in frames.enumerated() {
            let frame = tile.offsetBy(dx: m.galleryInset, dy: text + m.galleryInset)
            let ref = post.images[index].src
            switch images.entry(ref) {
            case _ where ref.isEmpty && post.dataType == "video":
                // A video without a thumbnail: the kit's `videoThumbnailPlaceholder`, a solid black
                // image (`General/Cell/AmityGalleryCollectionViewCell.swift:123-128`).
                canvas.add(.tile, frame, .box(fill: .black, corners: .all(4)))
            case .loaded:
                canvas.add(.tile, frame, .image(ref: ref, cornerRadius: 4))
            case .failed(let reason):
                warnings.append("\(path).images[\(index)].src: \(reason); drew a placeholder")
                canvas.add(.tile, frame, .box(fill: theme.baseShade4, corners: .all(4)))
                let s = min(32, frame.width / 2, frame.height / 2)
                canvas.add(
                    .icon, Rect(x: frame.midX - s / 2, y: frame.midY - s / 2, width: s, height: s), .glyph(.photo, color: theme.baseShade2))
            }
            let carriesCount = index == m.galleryMaxTiles - 1 && overflow != nil
            if post.dataType == "video", !carriesCount {
                canvas.add(
                    .icon, Rect(x: frame.midX - m.playIcon / 2, y: frame.midY - m.playIcon / 2, width: m.playIcon, height: m.playIcon),
                    .glyph(.playFill, color: .white))
            }
            if carriesCount, let overflow {
                // The xib's `boldSystem 20`, which no code sets: an app's typography leaves it.
                let count = label(overflow, font: FontSpec(size: 20, weight: .bold), color: .white, width: frame.width)
                canvas.add(.text, text: count, at: frame.midX - count.width / 2, frame.midY - count.height / 2)
            }
            canvas.feedshotAction(.imageDidTap, ["postId": post.id, "index": String(index)], frame)
        }
        return text + width
    }
}
