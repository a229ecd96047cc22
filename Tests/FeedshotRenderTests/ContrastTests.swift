import Foundation
import Testing

@testable import FeedshotLayout
@testable import FeedshotRender

/// Feedshot's own themes — the Amity dark theme (the kit has none) — keep text readable: message
/// text on its bubble at least 4.5:1 (WCAG 2 AA), every other text and icon at least 3:1, against
/// what is drawn under it. Computed from the layout tree of every Amity-profile golden drawn in
/// the dark theme (as the preview gallery's dark variant draws it), its own theme or not.
/// (Colours a kit defines — Amity's light palette, MessageKit's system colours — stay as the kit
/// has them and are not checked here.)
struct ContrastTests {
    /// The Amity profile's goldens (MessageKit's colours are MessageKit's).
    static let names = GoldenTests.names.filter { name in
        guard let json = try? Data(contentsOf: StripRowsTests.goldens.appendingPathComponent("\(name).json")),
            let document = try? Document.decode(json)
        else { return false }
        if case .chat(let chat) = document.content, case .messageKit = chat.profile { return false }
        return true
    }

    @Test func mostGoldensAreChecked() {
        #expect(Self.names.count >= 30, "\(Self.names)")
    }

    @Test(arguments: names)
    func everyTextAndIconIsReadable(name: String) throws {
        var options = RenderOptions()
        options.images.assetRoot = packageRoot.appendingPathComponent("examples")
        let json = try Data(contentsOf: StripRowsTests.goldens.appendingPathComponent("\(name).json"))
        var document = try Feedshot.decode(json, options: options)
        if document.theme.appearance != .dark { document.theme = .amityDark }
        let layout = try Feedshot.layout(document, options: options)
        var checked = 0
        for item in layout.items where item.type != "linkPreview" {
            // The kit draws a link preview's card in fixed colours whatever the appearance (a white
            // card, #808080 text, #EBECEF placeholder art): a kit's colours, left as they are.
            for (index, element) in item.elements.enumerated() {
                let foregrounds: [Color]
                switch element.content {
                case .text(let text, _): foregrounds = [text.color] + text.spans.compactMap(\.color)
                // An unchosen radio's colour paints its disc, the card showing through; what reads
                // is its ring, in the asset's own #A5A9B5.
                case .glyph(.radioOff, _): foregrounds = [Color(red: 0xA5, green: 0xA9, blue: 0xB5)]
                // "View replies"' arrow is `icon_reply_inverse` in its own #636878 (not a template
                // image, so the theme never reaches it): on the dark theme's button, 2.5:1 — the
                // kit's colours, left as they are (docs/conformance/amity.md, "View replies").
                case .glyph(.replies, _) where document.theme.appearance == .dark: continue
                case .glyph(_, let color) where element.role != .avatar: foregrounds = [color]
                default: continue
                }
                let under = ContrastTests.background(under: element, in: layout, item: item, before: index)
                let isMessageText = element.role == .text && under.isBubble
                let minimum = isMessageText ? 4.5 : 3
                for color in foregrounds where color.alpha > 0 {
                    let ratio = ContrastTests.ratio(color.over(under.color), under.color)
                    checked += 1
                    #expect(
                        ratio >= minimum,
                        "\(name): \(item.id) \(element.role.rawValue) \(color.hex) on \(under.color.hex): \(String(format: "%.2f", ratio)):1, under \(minimum):1"
                    )
                }
            }
        }
        #expect(checked > 0)
    }

    /// The opaque colour under `element`'s centre: the last box or bubble drawn before it that
    /// covers that point (in its own item, then earlier items), else the canvas.
    static func background(under element: LayoutElement, in layout: Layout, item: LayoutItem, before index: Int) -> (
        color: Color, isBubble: Bool
    ) {
        let point = (x: element.frame.midX, y: element.frame.midY)
        func covering(_ candidate: LayoutElement) -> (Color, Bool)? {
            let frame = candidate.frame
            guard frame.minX <= point.x, point.x <= frame.maxX, frame.minY <= point.y, point.y <= frame.maxY else { return nil }
            switch candidate.content {
            case .box(let fill, _, _) where fill.alpha == 255: return (fill, candidate.role == .bubble)
            case .bubble(_, let fill, _) where fill.alpha == 255: return (fill, true)
            default: return nil
            }
        }
        for candidate in item.elements[..<index].reversed() { if let found = covering(candidate) { return found } }
        for earlier in layout.items.prefix(while: { $0.id != item.id }).reversed() {
            for candidate in earlier.elements.reversed() { if let found = covering(candidate) { return found } }
        }
        return (layout.background, false)
    }

    /// WCAG 2 contrast ratio of two opaque colours.
    static func ratio(_ a: Color, _ b: Color) -> Double {
        let (la, lb) = (luminance(a), luminance(b))
        return (max(la, lb) + 0.05) / (min(la, lb) + 0.05)
    }

    static func luminance(_ color: Color) -> Double {
        func channel(_ value: UInt8) -> Double {
            let c = Double(value) / 255
            return c <= 0.039_28 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
        }
        return 0.2126 * channel(color.red) + 0.7152 * channel(color.green) + 0.0722 * channel(color.blue)
    }

    @Test func theRatioIsWCAGs() {
        #expect(abs(Self.ratio(.black, .white) - 21) < 1e-9)
        #expect(abs(Self.ratio(Color(hex: "#777777")!, .white) - 4.48) < 0.01)
    }
}

extension Color {
    /// This colour composited over an opaque `background`.
    func over(_ background: Color) -> Color {
        let a = Double(alpha) / 255
        func mix(_ top: UInt8, _ bottom: UInt8) -> UInt8 { UInt8((Double(top) * a + Double(bottom) * (1 - a)).rounded()) }
        return Color(red: mix(red, background.red), green: mix(green, background.green), blue: mix(blue, background.blue))
    }
}
