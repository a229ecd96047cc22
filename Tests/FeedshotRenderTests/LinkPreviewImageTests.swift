import FeedshotRender
import Foundation
import Testing

@testable import FeedshotLayout

/// A post's link preview image has no corners of its own in the kit (`AmityPreviewLinkCell.xib:24`,
/// a plain image view): the card's clip (radius 6 inside its 0.5 border, `.swift:40,43`) rounds
/// its top corners, and its bottom corners, inside the card above the host and title, are square
/// (docs/conformance/amity.md, the link preview rows).
struct LinkPreviewImageTests {
    @Test func theImageIsRoundedByTheCardAtTheTopAndSquareAtTheBottom() throws {
        var options = RenderOptions()
        options.images.assetRoot = packageRoot.appendingPathComponent("examples")
        let json = try Data(contentsOf: packageRoot.appendingPathComponent("goldens/post-link-preview.json"))
        let (image, layout) = try renderPixels(json, options: options)
        let card = try #require(layout.items.first { $0.id == "loaded.linkPreview" })
        let element = try #require(card.elements.first { $0.role == .image })
        guard case .image(_, let corners, _, _) = element.content else {
            Issue.record("the preview's image is \(element.content)")
            return
        }
        #expect(corners == CornerRadii(topLeft: 5.5, topRight: 5.5, bottomRight: 0, bottomLeft: 0))
        // The layout tree writes the image's corners, which differ, as a box's, not as one
        // cornerRadius; an avatar's, alike, as one.
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let written = String(decoding: try encoder.encode(element), as: UTF8.self)
        #expect(written.contains(#""corners":{"bottomLeft":0,"bottomRight":0,"topLeft":5.5,"topRight":5.5}"#), "\(written)")
        #expect(!written.contains("cornerRadius"), "\(written)")
        let header = try #require(layout.items.first { $0.id == "loaded.header" })
        let avatar = try #require(header.elements.first { $0.role == .avatar })
        let avatarWritten = String(decoding: try encoder.encode(avatar), as: UTF8.self)
        #expect(avatarWritten.contains(#""cornerRadius":"#) && !avatarWritten.contains("corners"), "\(avatarWritten)")
        // In pixels (@2x): the frame's corner pixels are the picture at the bottom, and the card's
        // white outside the rounding at the top.
        let f = element.frame
        let (left, right) = (Int(f.minX * 2), Int(f.maxX * 2) - 1)
        let (top, bottom) = (Int(f.minY * 2), Int(f.maxY * 2) - 1)
        for x in [left, right] {
            let below = image.pixel(x, bottom)
            #expect(!(below.r > 240 && below.g > 240 && below.b > 240), "bottom corner (\(x), \(bottom)) is \(below)")
            let above = image.pixel(x, top)
            #expect(above.r > 240 && above.g > 240 && above.b > 240, "top corner (\(x), \(top)) is \(above)")
        }
    }
}
