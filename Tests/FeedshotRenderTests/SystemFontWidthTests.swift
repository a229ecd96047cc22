import Foundation
import Testing

@testable import FeedshotLayout
@testable import FeedshotRender

/// How far the stand-in's widths are from the iPhone's system font, on real iPhone renders of
/// known text: crops of MessageKit's README screenshots (`docs/fonts-references/`, each with its
/// source, text and the font the example app sets). Each crop's ink width is measured and the same
/// text drawn by Feedshot at the same size, weight and @3x is measured the same way; docs/fonts.md
/// states the median and worst error per size, and this test fails when they no longer hold.
struct SystemFontWidthTests {
    struct Reference: Decodable {
        var file: String
        var text: String
        var size: Double
        var weight: String
    }

    static let folder = packageRoot.appendingPathComponent("docs/fonts-references")

    /// The leftmost-to-rightmost width, in pixels, of the pixels at least half as far from
    /// `background`'s luminance as `ink`'s is.
    static func inkWidth(_ image: RGBAImage, background: (Double, Double, Double), ink: (Double, Double, Double)) -> Int {
        func luminance(_ c: (Double, Double, Double)) -> Double { 0.299 * c.0 + 0.587 * c.1 + 0.114 * c.2 }
        let back = luminance(background), half = (back - luminance(ink)) / 2
        var low = Int.max, high = Int.min
        for y in 0..<image.height {
            for x in 0..<image.width {
                let i = (y * image.width + x) * 4
                let p = (Double(image.pixels[i]), Double(image.pixels[i + 1]), Double(image.pixels[i + 2]))
                if back - luminance(p) >= half {
                    low = min(low, x)
                    high = max(high, x)
                }
            }
        }
        return high >= low ? high - low + 1 : 0
    }

    /// The background (the most common colour) and the ink (the darkest) of a crop.
    static func colours(_ image: RGBAImage) -> (background: Color, ink: Color) {
        var counts: [UInt32: Int] = [:]
        var darkest = (Color.white, 1_000.0)
        for i in stride(from: 0, to: image.pixels.count, by: 4) {
            let (r, g, b) = (image.pixels[i], image.pixels[i + 1], image.pixels[i + 2])
            counts[UInt32(r) << 16 | UInt32(g) << 8 | UInt32(b), default: 0] += 1
            let luminance = 0.299 * Double(r) + 0.587 * Double(g) + 0.114 * Double(b)
            if luminance < darkest.1 { darkest = (Color(red: r, green: g, blue: b), luminance) }
        }
        let common = counts.max { $0.value < $1.value }!.key
        return (Color(red: UInt8(common >> 16), green: UInt8(common >> 8 & 0xFF), blue: UInt8(common & 0xFF)), darkest.0)
    }

    /// `text` drawn by Feedshot at @3x in `font`, `ink` on `background`.
    static func render(_ text: String, font: FontSpec, ink: Color, background: Color) throws -> RGBAImage {
        let styled = StyledText(text, font: font, color: ink)
        let element = LayoutElement(
            role: .text, frame: Rect(x: 4, y: 4, width: 600, height: 40), content: .measuredText(styled, width: 600))
        let layout = Layout(
            width: 610, height: 48, scale: 3, background: background,
            items: [LayoutItem(id: "t", type: "text", frame: Rect(x: 0, y: 0, width: 610, height: 48), elements: [element])])
        let painter = Painter(images: ImageStore(references: [], source: ImageSource()), pango: try PangoThreadContext.current())
        return try RGBAImage(png: PNGEncoder().encode(painter.draw(layout)))
    }

    /// Each reference's error, Feedshot's ink width over the iPhone's, minus 1, by size and weight.
    static func errors() throws -> [String: [Double]] {
        let references = try JSONDecoder().decode(
            [Reference].self, from: Data(contentsOf: folder.appendingPathComponent("references.json")))
        var errors: [String: [Double]] = [:]
        for reference in references {
            let crop = try RGBAImage(png: Data(contentsOf: folder.appendingPathComponent(reference.file)))
            let (background, ink) = colours(crop)
            let rgb = { (c: Color) in (Double(c.red), Double(c.green), Double(c.blue)) }
            let phone = inkWidth(crop, background: rgb(background), ink: rgb(ink))
            let font = FontSpec(size: reference.size, weight: FontSpec.Weight(rawValue: reference.weight) ?? .regular)
            let drawn = inkWidth(
                try render(reference.text, font: font, ink: ink, background: background), background: rgb(background), ink: rgb(ink))
            errors["\(Int(reference.size)) pt \(reference.weight)", default: []].append(Double(drawn) / Double(phone) - 1)
        }
        return errors
    }

    /// `| 17 pt regular | 2 | +8.1 % | +8.4 % |`: the references, the median and the worst error.
    static func rows(_ errors: [String: [Double]]) -> [String] {
        func percent(_ value: Double) -> String { String(format: "%+.1f %%", value * 100) }
        return errors.keys.sorted { Int($0.prefix { $0.isNumber })! > Int($1.prefix { $0.isNumber })! }.map { key in
            let sorted = errors[key]!.sorted()
            let median = sorted.count % 2 == 1 ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
            let worst = sorted.max { abs($0) < abs($1) }!
            return "| \(key) | \(sorted.count) | \(percent(median)) | \(percent(worst)) |"
        }
    }

    @Test func theWidthErrorsTheFontsPageStatesHold() throws {
        let rows = Self.rows(try Self.errors())
        let page = try String(contentsOf: packageRoot.appendingPathComponent("docs/fonts.md"), encoding: .utf8)
        #expect(rows.count == 4)
        for row in rows { #expect(page.contains(row), "docs/fonts.md lacks the row \(row)") }
    }

    /// The measure itself: a crop's ink is found, and a text drawn wider measures wider.
    @Test func inkWidthsMeasureTheText() throws {
        let short = try Self.render("Wu", font: FontSpec(size: 12), ink: .black, background: .white)
        let long = try Self.render("Wu Zhong", font: FontSpec(size: 12), ink: .black, background: .white)
        let white = (255.0, 255.0, 255.0), black = (0.0, 0.0, 0.0)
        #expect(Self.inkWidth(short, background: white, ink: black) > 20)
        #expect(Self.inkWidth(long, background: white, ink: black) > 2 * Self.inkWidth(short, background: white, ink: black))
    }
}
