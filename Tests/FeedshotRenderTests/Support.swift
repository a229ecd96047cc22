import FeedshotRender
import Foundation

@testable import FeedshotLayout

/// The package root (this file is Tests/FeedshotRenderTests/Support.swift).
let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// The golden document `name` drawn `width` points wide; nil for a golden that sets no width.
func golden(_ name: String, width: Double) throws -> Data? {
    let file = packageRoot.appendingPathComponent("goldens/\(name).json")
    guard var document = try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any],
        document["width"] != nil
    else { return nil }
    document["width"] = width
    return try JSONSerialization.data(withJSONObject: document)
}

/// A chat document with `messages` (JSON fragments) between Me (u1) and Ann (u2).
func chatJSON(_ messages: [String], scale: Int = 2, width: Double = 375, extra: String = "") -> Data {
    Data(
        """
        {"kind": "chat", "width": \(width), "scale": \(scale), "me": "u1", "now": "2026-11-29T12:00:00Z",
         "users": {"u1": {"displayName": "Me"}, "u2": {"displayName": "Ann"}}\(extra),
         "messages": [\(messages.joined(separator: ","))]}
        """.utf8)
}

func textMessage(_ id: String, from: String = "u2", _ text: String) -> String {
    let escaped = String(data: try! JSONEncoder().encode(text), encoding: .utf8)!
    return #"{"id": "\#(id)", "from": "\#(from)", "type": "text", "sentAt": "2026-11-29T11:58:00Z", "text": \#(escaped)}"#
}

/// Renders a document to decoded pixels.
func renderPixels(_ json: Data, options: RenderOptions = RenderOptions()) throws -> (RGBAImage, Layout) {
    let (png, layout) = try Feedshot.renderWithLayout(Feedshot.decode(json, options: options), options: options)
    return (try RGBAImage(png: png), layout)
}

extension RGBAImage {
    /// The pixel at (x, y) as (r, g, b, a).
    func pixel(_ x: Int, _ y: Int) -> (r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
        let i = (y * width + x) * 4
        return (pixels[i], pixels[i + 1], pixels[i + 2], pixels[i + 3])
    }

    /// Pixels inside a point-space rectangle (at `scale`) that satisfy `predicate`.
    func count(in rect: Rect, scale: Int, where predicate: ((r: UInt8, g: UInt8, b: UInt8, a: UInt8)) -> Bool) -> Int {
        var count = 0
        let x0 = max(0, Int(rect.x * Double(scale))), x1 = min(width, Int((rect.maxX * Double(scale)).rounded(.up)))
        let y0 = max(0, Int(rect.y * Double(scale))), y1 = min(height, Int((rect.maxY * Double(scale)).rounded(.up)))
        for y in y0..<max(y0, y1) {
            for x in x0..<max(x0, x1) where predicate(pixel(x, y)) { count += 1 }
        }
        return count
    }
}

extension ElementContent {
    /// `text` with the lines Pango gives it at `width`, as an engine's text element carries them
    /// (a text listing no lines is not drawn).
    static func measuredText(_ text: StyledText, width: Double) -> ElementContent {
        .text(text, lines: PangoTextMeasurer(cached: false).measure(text, width: width).lines.map(\.text))
    }
}

extension Layout {
    /// A 240 × 60 layout holding one text element, `text` measured by Pango at 200 points and set
    /// at (10, 10) in a 200 × 30 frame: for tests of how one text is drawn.
    static func oneText(_ text: StyledText) -> Layout {
        let element = LayoutElement(
            role: .text, frame: Rect(x: 10, y: 10, width: 200, height: 30), content: .measuredText(text, width: 200))
        return Layout(
            width: 240, height: 60, scale: 2, background: .white,
            items: [LayoutItem(id: "t", type: "text", frame: Rect(x: 0, y: 0, width: 240, height: 60), elements: [element])])
    }
}
