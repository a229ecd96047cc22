import Foundation
import Testing

@testable import FeedshotLayout
@testable import FeedshotRender

/// A layout no painter can draw is refused, never drawn: schemathesis found a MessageKit chat
/// narrower than its avatar that laid a photo out at −540 × −405 points and crashed the painter.
struct LayoutInvariantTests {
    static let narrow = Data(
        #"""
        {"kind": "chat", "style": "messagekit", "width": 10, "messageKit": {"avatarSize": 500}, "me": "u1",
         "now": "2026-11-29T12:00:00Z",
         "messages": [{"id": "m", "from": "u2", "type": "photo", "sentAt": "2026-11-29T11:00:00Z", "image": {"width": 400, "height": 300}}]}
        """#.utf8)

    /// A 100 × 50 layout of one item, `id`, holding `element`.
    static func layout(id: String, _ element: LayoutElement) -> Layout {
        let item = LayoutItem(id: id, type: "photoIncoming", frame: Rect(x: 0, y: 0, width: 100, height: 50), elements: [element])
        return Layout(width: 100, height: 50, scale: 1, background: .white, items: [item])
    }

    @Test func aPhotoIsNeverScaledToANegativeSize() {
        #expect(MessageKitGeometry.fit(Size(width: 400, height: 300), maxWidth: -540) == Size(width: 0, height: 0))
        #expect(MessageKitGeometry.fit(Size(width: 400, height: 300), maxWidth: 200) == Size(width: 200, height: 150))
    }

    @Test func theNarrowChatAndALayoutWithANegativeHeightAreRefusedNotDrawn() throws {
        // The photo now fits as 0 × 0 points: a picture with no area, refused (422) rather than
        // drawn (Cairo cannot invert its scale).
        #expect(throws: RenderError.self) { try Feedshot.render(json: Self.narrow) }
        do {
            _ = try Feedshot.render(json: Self.narrow)
        } catch {
            guard case .limit(let message) = error else {
                Issue.record("expected a limit error, got \(error)")
                return
            }
            #expect(message.hasPrefix("the layout of m has a frame of 0 × 0 points"), "\(message)")
        }
        let broken = Self.layout(
            id: "m",
            LayoutElement(role: .image, frame: Rect(x: 8, y: 4, width: -540, height: -405), content: .box(fill: .white, corners: .none)))
        #expect(throws: RenderError.self) { try RenderPipeline.checkSize(of: broken, maxPixelArea: 1_000_000) }
        do {
            try RenderPipeline.checkSize(of: broken, maxPixelArea: 1_000_000)
        } catch {
            #expect(
                error.description
                    == "the layout of m has a frame of -540 × -405 points at (8, 4): the canvas is too narrow for its settings (width, avatar, paddings, insets)"
            )
        }
        // Sums of fractional settings are printed to a hundredth of a point.
        let fractional = Self.layout(
            id: "v1",
            LayoutElement(
                role: .image, frame: Rect(x: 128.98, y: 754.0724999999999, width: 0, height: 0),
                content: .image(ref: "a.png", cornerRadius: 0)))
        #expect {
            try RenderPipeline.checkSize(of: fractional, maxPixelArea: 1_000_000)
        } throws: { error in
            "\(error)".hasPrefix("the layout of v1 has a frame of 0 × 0 points at (128.98, 754.07): the canvas is too narrow")
        }
        #expect(!RenderPipeline.isDrawable(Rect(x: 0, y: 0, width: 1, height: -3)))
        #expect(!RenderPipeline.isDrawable(Rect(x: .nan, y: 0, width: 1, height: 1)))
        #expect(RenderPipeline.isDrawable(Rect(x: -5, y: 0, width: -24, height: 0)))
    }

    /// On canvases too narrow for a cell's avatar, insets and labels, every golden document
    /// renders or is refused with an error that says why, never an internal error. A MessageKit
    /// link preview measured its labels at 1 point where the canvas left none and framed them 0
    /// points wide, so the painter's layout had other lines than the tree (120 points: 1 line where
    /// the tree had 12).
    @Test func everyGoldenOnANarrowCanvasRendersOrIsRefused() throws {
        var options = RenderOptions()
        options.images.assetRoot = packageRoot.appendingPathComponent("examples")
        var rendered = 0
        func render(_ name: String, at width: Double) throws {
            guard let json = try golden(name, width: width) else { return }
            switch Result(catching: { () throws(RenderError) in try Feedshot.render(json: json, options: options) }) {
            case .success: rendered += 1
            case .failure(.limit), .failure(.document): return
            case .failure(let error): Issue.record("\(name) at \(width) points: \(error)")
            }
        }
        for width in [120.0, 150.5] {
            for name in GoldenTests.names { try render(name, at: width) }
        }
        #expect(rendered >= 40, "\(rendered) documents rendered")
    }
}
