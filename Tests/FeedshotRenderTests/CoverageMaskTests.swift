import CPangoCairo
import Foundation
import Testing

@testable import FeedshotLayout
@testable import FeedshotRender

/// Small shapes drawn through coverage masks (`CoverageMasks`) look as a direct fill does: the same
/// edges, at most one level apart where pixman's blending rounds differently, at every sub-pixel
/// position; each position has its own mask, and a cached mask gives what a fresh one gives.
struct CoverageMaskTests {
    static func pixels(_ surface: CairoSurface) -> [UInt8] {
        surface.withPixels { data, stride in Array(UnsafeBufferPointer(start: data, count: stride * surface.height)) }
    }

    @Test func masksDrawWhatADirectFillDraws() throws {
        let painter = Painter(images: ImageStore(references: [], source: ImageSource()), pango: try PangoThreadContext.current())
        let colors = [Color(red: 219, green: 229, blue: 255), Color(red: 40, green: 44, blue: 52), Color(red: 255, green: 255, blue: 255)]
        let backgrounds = [(1.0, 1.0, 1.0), (0.1, 0.1, 0.12)]
        CoverageMasks.cache.value.removeAll()
        for (b, background) in backgrounds.enumerated() {
            for offset in [0.0, 0.25, 0.5, 0.75, 1.0] {
                for (c, color) in colors.enumerated() {
                    let frame = Rect(x: 10 + offset, y: 7 + offset / 2, width: 40, height: 40)
                    let elements = [
                        LayoutElement(role: .avatar, frame: frame, content: .box(fill: color, corners: .all(20))),
                        LayoutElement(role: .avatar, frame: frame.offsetBy(dx: 50, dy: 0), content: .box(fill: color, corners: .all(6))),
                        LayoutElement(role: .icon, frame: frame.offsetBy(dx: 100, dy: 0), content: .glyph(.person, color: color)),
                    ]
                    var drawn: [[UInt8]] = []
                    for useMasks in [true, false] {
                        let surface = try CairoSurface(width: 320, height: 120)
                        let cr = try #require(cairo_create(surface.pointer))
                        cairo_set_source_rgb(cr, background.0, background.1, background.2)
                        cairo_paint(cr)
                        cairo_scale(cr, 2, 2)
                        for element in elements {
                            if useMasks {
                                try painter.draw(element, cr, target: .pixels(scale: 2, stripTop: 0))
                            } else if case .box(let fill, _, let corners) = element.content {
                                cairo_new_path(cr)
                                Painter.roundedRect(cr, element.frame, corners)
                                Painter.setColor(cr, fill)
                                cairo_fill(cr)
                            } else if case .glyph(let glyph, let fill) = element.content {
                                cairo_new_path(cr)
                                Glyphs.draw(glyph, in: element.frame, color: fill, cr)
                            }
                        }
                        cairo_destroy(cr)
                        drawn.append(Self.pixels(surface))
                    }
                    let differences = zip(drawn[0], drawn[1]).map { abs(Int($0) - Int($1)) }
                    let apart = differences.filter { $0 > 0 }.count
                    #expect(differences.max() ?? 0 <= 1, "background \(b), colour \(c), offset \(offset)")
                    #expect(apart * 50 < differences.count / 4, "background \(b), colour \(c), offset \(offset): \(apart) bytes apart")
                }
            }
        }
        // Three shapes at four sub-pixel positions (offsets 0 and 1 share theirs) in each scale.
        #expect(CoverageMasks.cache.value.count == 3 * 4)
    }

    /// Large, empty and non-finite frames are left to a direct fill, without a trap.
    @Test func framesAMaskCannotHoldAreDeclined() throws {
        let surface = try CairoSurface(width: 64, height: 64)
        let cr = try #require(cairo_create(surface.pointer))
        defer { cairo_destroy(cr) }
        cairo_scale(cr, 2, 2)
        for frame in [
            Rect(x: 0, y: 0, width: 1_000, height: 40), Rect(x: 0, y: 0, width: .nan, height: 10),
            Rect(x: 0, y: 0, width: .infinity, height: 10),
            Rect(x: .nan, y: 0, width: 10, height: 10), Rect(x: 0, y: -.infinity, width: 10, height: 10),
            Rect(x: 0, y: 0, width: -400, height: 10),
        ] {
            let shape = CoverageMasks.Shape.box(width: frame.width, height: frame.height, corners: .all(4))
            #expect(!CoverageMasks.paint(shape, at: frame, cr, cached: true) { _ in }, "\(frame)")
        }
    }

    @Test func aCachedMaskGivesWhatAFreshOneGives() throws {
        let json = try Data(contentsOf: packageRoot.appendingPathComponent("goldens/dark-theme.json"))
        var uncached = RenderOptions()
        uncached.usesCaches = false
        let first = try Feedshot.render(json: json), second = try Feedshot.render(json: json),
            fresh = try Feedshot.render(json: json, options: uncached)
        let same = first == second && second == fresh
        #expect(same)
    }
}
