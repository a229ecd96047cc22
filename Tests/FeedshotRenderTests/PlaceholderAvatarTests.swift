import Foundation
import Testing

@testable import FeedshotLayout
@testable import FeedshotRender

/// The placeholder avatar's silhouette fills the circle to its edge: no crescent of the circle's
/// colour under the body.
struct PlaceholderAvatarTests {
    @Test func theBodyReachesTheCircleEdge() throws {
        let avatar = Rect(x: 10, y: 10, width: 40, height: 40)
        let layout = Layout(
            width: 60, height: 60, scale: 3, background: .white,
            items: [
                LayoutItem(
                    id: "a", type: "avatar", frame: Rect(x: 0, y: 0, width: 60, height: 60),
                    elements: [
                        LayoutElement(
                            role: .avatar, frame: avatar, content: .box(fill: Theme.amityLight.avatarPlaceholder, corners: .all(20))),
                        LayoutElement(role: .icon, frame: avatar, content: .glyph(.person, color: .white)),
                    ])
            ])
        let painter = Painter(images: ImageStore(references: [], source: ImageSource()), pango: try PangoThreadContext.current())
        let image = try RGBAImage(png: PNGEncoder().encode { () throws(RenderError) in try StripRows(layout, painter: painter) })
        func pixel(_ x: Double, _ y: Double) -> (Int, Int, Int) {
            let i = (Int(y * 3) * image.width + Int(x * 3)) * 4
            return (Int(image.pixels[i]), Int(image.pixels[i + 1]), Int(image.pixels[i + 2]))
        }
        // Inside the circle, just above its bottom edge (50) and below where the body's disc was
        // once cut flat (49.17): white, as is the body.
        for x in [29.0, 30, 31] {
            #expect(pixel(x, 49.5) == (255, 255, 255), "(\(x), 49.5): \(pixel(x, 49.5))")
        }
        // Beside the body, the circle's colour shows.
        let placeholder = Theme.amityLight.avatarPlaceholder
        #expect(pixel(14, 30) == (Int(placeholder.red), Int(placeholder.green), Int(placeholder.blue)))
    }
}
