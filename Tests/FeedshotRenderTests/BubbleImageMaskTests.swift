import CPangoCairo
import Foundation
import Testing

@testable import FeedshotLayout
@testable import FeedshotRender

/// An app's bubble image (`.customImageTail`) as MessageKit stretches and turns it: each half at
/// its own size at its end, the centre pixel across the rest, mirrored or flipped to the tail's
/// corner; its alpha masks the container's colour (docs/messagekit.md, "Custom bubbles").
struct BubbleImageMaskTests {
    @Test func eachHalfKeepsItsSizeAndTheCentrePixelFillsTheGap() {
        // examples/assets/thought-bubble@2x.png: 112 pixels, 56 points.
        #expect(
            BubbleImageMask.parts(pixels: 112, points: 56, to: 200) == [
                .init(source: 0..<56, target: 0...28), .init(source: 55..<56, target: 28...172), .init(source: 56..<112, target: 172...200),
            ])
        // Smaller than the image, it is scaled down whole.
        #expect(BubbleImageMask.parts(pixels: 112, points: 56, to: 40) == [.init(source: 0..<112, target: 0...40)])
    }

    /// A 4 × 1 image, opaque but for its last pixel, stretched to 10 points: opaque up to the
    /// ninth pixel, clear at the tenth; turned to the bottom left, clear at the first.
    @Test(arguments: [(BubbleShape.Corner.bottomRight, 9), (.bottomLeft, 0)])
    func theImagesAlphaLetsTheColourThrough(corner: BubbleShape.Corner, clearColumn: Int) throws {
        let image = try CairoSurface(width: 4, height: 1)
        image.withPixels { data, _ in
            for x in 0..<3 { for byte in 0..<4 { data[x * 4 + byte] = 255 } }
        }
        cairo_surface_mark_dirty(image.pointer)
        let target = try CairoSurface(width: 10, height: 1)
        let cr = try #require(cairo_create(target.pointer))
        defer { cairo_destroy(cr) }
        cairo_set_source_rgba(cr, 1, 0, 0, 1)
        let stretched = BubbleShape.StretchedImage(ref: "i", width: 4, height: 1, corner: corner)
        BubbleImageMask.paint(through: image, stretched, in: Rect(x: 0, y: 0, width: 10, height: 1), cr)
        cairo_surface_flush(target.pointer)
        let alphas = target.withPixels { data, _ in (0..<10).map { data[$0 * 4 + 3] } }
        #expect(alphas == (0..<10).map { $0 == clearColumn ? 0 : 255 }, "\(alphas)")
    }
}
