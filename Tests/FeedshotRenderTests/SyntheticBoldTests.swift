import Foundation
import Testing

@testable import FeedshotLayout
@testable import FeedshotRender

/// Chinese, Japanese and Korean in a bold label are bold: WenQuanYi Micro Hei (the standard
/// cascade's Chinese, Japanese and Korean face) has no bold face, so
/// `fonts/fonts.conf` emboldens it where semibold or bold is asked for (as a desktop's
/// 90-synthetic.conf does), as PingFang's semibold is on an iPhone.
struct SyntheticBoldTests {
    /// The dark pixels of `text` drawn in `weight`.
    static func ink(_ text: String, weight: FontSpec.Weight) throws -> Int {
        let layout = Layout.oneText(StyledText(text, font: FontSpec(size: 20, weight: weight)))
        let painter = Painter(images: ImageStore(references: [], source: ImageSource()), pango: try PangoThreadContext.current())
        let image = try RGBAImage(png: PNGEncoder().encode { () throws(RenderError) in try StripRows(layout, painter: painter) })
        var inked = 0
        for index in stride(from: 0, to: image.pixels.count, by: 4) where image.pixels[index] < 128 { inked += 1 }
        return inked
    }

    @Test(arguments: ["東京ランナーズ", "今日", "김치"])
    func aBoldLabelDrawsItsIdeographsBold(text: String) throws {
        let regular = try Self.ink(text, weight: .regular)
        let semibold = try Self.ink(text, weight: .semibold)
        #expect(Double(semibold) > Double(regular) * 1.15, "\(text): \(regular) dark pixels regular, \(semibold) semibold")
    }
}
