import FeedshotRender
import Foundation
import Testing

@testable import FeedshotLayout

/// No golden draws text over text or past its canvas: the frames of any two text elements, laid
/// out with Pango, share no more than half a point either way, and every text frame lies inside
/// the canvas. (Avatars, badges and icons may overlap as the kits overlap them; text may not.)
struct TextOverlapTests {
    /// How far two frames may overlap, or a frame reach past the canvas, before it counts:
    /// anti-aliasing and rounding, not a glyph.
    static let slack = 0.5

    /// Text elements of `layout` whose frames overlap another's, or reach past the canvas.
    static func problems(in layout: Layout) -> [String] {
        var texts: [(id: String, text: String, frame: Rect)] = []
        for item in layout.items {
            for element in item.elements {
                // What is drawn: the frame, cut at the element's clip when it has one.
                let drawn = element.clip.map { Self.intersection(element.frame, $0) } ?? element.frame
                guard case .text(let text, _) = element.content, !text.string.isEmpty, drawn.width > 0, drawn.height > 0
                else { continue }
                texts.append((item.id, text.string, drawn))
            }
        }
        var problems: [String] = []
        for t in texts {
            let f = t.frame
            if f.minX < -slack || f.maxX > layout.width + slack || f.minY < -slack || f.maxY > layout.height + slack {
                problems.append("\(t.id): \"\(t.text.prefix(30))\" at \(f) reaches past the \(layout.width) × \(layout.height) canvas")
            }
        }
        for (i, a) in texts.enumerated() {
            for b in texts[(i + 1)...] {
                let dx = min(a.frame.maxX, b.frame.maxX) - max(a.frame.minX, b.frame.minX)
                let dy = min(a.frame.maxY, b.frame.maxY) - max(a.frame.minY, b.frame.minY)
                if dx > slack, dy > slack {
                    problems.append(
                        "\(a.id): \"\(a.text.prefix(30))\" at \(a.frame) overlaps \(b.id): \"\(b.text.prefix(30))\" at \(b.frame)")
                }
            }
        }
        return problems
    }

    /// The rectangle `a` and `b` share (zero-sized when they do not meet).
    static func intersection(_ a: Rect, _ b: Rect) -> Rect {
        let x = max(a.minX, b.minX), y = max(a.minY, b.minY)
        return Rect(x: x, y: y, width: max(0, min(a.maxX, b.maxX) - x), height: max(0, min(a.maxY, b.maxY) - y))
    }

    @Test(arguments: GoldenTests.names)
    func noGoldenDrawsTextOverTextOrPastItsCanvas(name: String) throws {
        var options = RenderOptions()
        options.images.assetRoot = packageRoot.appendingPathComponent("examples")
        let json = try Data(contentsOf: GoldenTests.directory.appendingPathComponent("\(name).json"))
        let layout = try Feedshot.layout(Feedshot.decode(json, options: options), options: options)
        let found = Self.problems(in: layout)
        if let reason = Self.knownIssues[name] {
            withKnownIssue(Comment(rawValue: reason)) {
                #expect(found.isEmpty, "\(name): \(found.joined(separator: "; "))")
            }
        } else {
            #expect(found.isEmpty, "\(name): \(found.joined(separator: "; "))")
        }
    }

    /// Goldens where the kit itself draws text over text, with why; each still runs, and is
    /// reported when it stops failing.
    static let knownIssues: [String: String] = [
        "mk-avatar-positions":
            "MessageKit keeps nothing apart: a messageCenter avatar taller than the container lifts the message top label over the cell top label (docs/conformance/messagekit.md, \"overlapping labels\")"
    ]

    /// The check itself: two labels drawn one over the other, and a label past the right edge.
    @Test func theCheckFindsOverlapsAndOverflow() {
        func label(_ text: String, _ frame: Rect) -> LayoutElement {
            LayoutElement(role: .text, frame: frame, content: .text(StyledText(text, font: AmityFont.body.spec), lines: [text]))
        }
        let item = LayoutItem(
            id: "a", type: "t", frame: Rect(x: 0, y: 0, width: 100, height: 50),
            elements: [label("one", Rect(x: 0, y: 0, width: 40, height: 18)), label("two", Rect(x: 30, y: 10, width: 40, height: 18))])
        let apart = LayoutItem(
            id: "b", type: "t", frame: Rect(x: 0, y: 50, width: 100, height: 50),
            elements: [label("three", Rect(x: 0, y: 50, width: 40, height: 18)), label("four", Rect(x: 40, y: 50, width: 70, height: 18))])
        let problems = Self.problems(in: Layout(width: 100, height: 100, scale: 1, background: .white, items: [item, apart]))
        #expect(problems.count == 2, "\(problems)")
        #expect(problems.contains { $0.contains("\"one\"") && $0.contains("overlaps") })
        #expect(problems.contains { $0.contains("\"four\"") && $0.contains("reaches past") })
    }
}
