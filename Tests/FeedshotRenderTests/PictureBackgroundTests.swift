import CPangoCairo
import Foundation
import Testing

@testable import FeedshotLayout
@testable import FeedshotRender

/// MessageKit paints every container in the message's colour and puts the photo's image view
/// over it (`MessageContentCell.swift:154`, `MediaMessageCell.swift:34-44`), and the avatar view
/// keeps its background under the picture (`AvatarView.swift:112`): where a picture is
/// transparent — a sticker's PNG — that colour shows, inside the bubble's shape or the circle.
/// (A fifth audit found the canvas showing through instead.)
struct PictureBackgroundTests {
    /// A 200 × 200 PNG, transparent but for a red square in its middle third.
    static func sticker(in dir: URL) throws {
        let surface = try #require(cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 200, 200))
        defer { cairo_surface_destroy(surface) }
        let cr = try #require(cairo_create(surface))
        cairo_set_source_rgb(cr, 1, 0, 0)
        cairo_rectangle(cr, 67, 67, 66, 66)
        cairo_fill(cr)
        cairo_destroy(cr)
        #expect(cairo_surface_write_to_png(surface, dir.appendingPathComponent("sticker.png").path) == CAIRO_STATUS_SUCCESS)
    }

    static func render(_ format: OutputFormat, in dir: URL, settings: String = "{}") throws -> (image: Data, layout: Layout) {
        let json = Data(
            #"""
            {"kind": "chat", "style": "messagekit", "width": 375, "scale": 2, "me": "u1", "now": "2026-11-29T12:00:00Z", "messageKit": \#(settings),
             "users": {"u1": {"displayName": "Me"}, "u2": {"displayName": "Ann Lee", "avatar": "sticker.png"}},
             "messages": [{"id": "t", "from": "u2", "type": "text", "sentAt": "2026-11-29T11:04:00Z", "text": "Look"},
                          {"id": "p", "from": "u2", "type": "photo", "sentAt": "2026-11-29T11:05:00Z", "image": {"src": "sticker.png", "width": 200, "height": 200}}]}
            """#.utf8)
        var options = RenderOptions()
        options.images.assetRoot = dir
        options.format = format
        let result = try Feedshot.renderWithLayout(Feedshot.decode(json, options: options), options: options)
        #expect(result.layout.warnings.isEmpty, "\(result.layout.warnings)")
        return (result.image, result.layout)
    }

    /// The pixel at (`x`, `y`) points, at scale 2.
    static func pixel(_ image: RGBAImage, _ x: Double, _ y: Double) -> [UInt8] {
        let offset = (Int(y * 2) * image.width + Int(x * 2)) * 4
        return Array(image.pixels[offset..<offset + 4])
    }

    static func rgba(_ color: Color) -> [UInt8] { [color.red, color.green, color.blue, color.alpha] }

    @Test func theMessageColourAndTheAvatarsBackgroundShowWhereAPictureIsTransparent() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("feedshot-sticker-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        try Self.sticker(in: dir)
        let (png, layout) = try Self.render(.png, in: dir)
        let image = try RGBAImage(png: png)
        let text = try #require(layout.items.first { $0.id == "t" })
        let photo = try #require(layout.items.first { $0.id == "p" })
        // The text bubble's colour: the incoming message colour, the photo's container's too.
        guard case .bubble(_, let bubbleColor, _) = try #require(text.elements.first { $0.role == .bubble }).content else {
            Issue.record("the text's bubble is not a bubble")
            return
        }
        let picture = try #require(photo.elements.first { $0.role == .image })
        guard case .image("sticker.png", _, .some, let fill) = picture.content else {
            Issue.record("the photo is not the sticker in its bubble: \(picture.content)")
            return
        }
        #expect(fill == bubbleColor)
        // A sixth in from the left, half-way down: the sticker's transparent part, inside the bubble.
        let frame = picture.frame
        #expect(Self.pixel(image, frame.minX + frame.width / 6, frame.midY) == Self.rgba(bubbleColor))
        // Its middle: the red square, over the colour.
        #expect(Self.pixel(image, frame.midX, frame.midY) == [255, 0, 0, 255])
        // Outside the bubble's rounded corner the canvas stays white.
        #expect(Self.pixel(image, frame.minX + 0.5, frame.minY + 0.5) == [255, 255, 255, 255])
        // The avatar: its background (systemGray) under the picture's transparent part, in the circle.
        let avatar = try #require(photo.elements.first { $0.role == .avatar })
        guard case .image(_, _, _, let avatarFill?) = avatar.content else {
            Issue.record("the avatar has no background: \(avatar.content)")
            return
        }
        #expect(Self.pixel(image, avatar.frame.minX + avatar.frame.width / 6, avatar.frame.midY) == Self.rgba(avatarFill))
        #expect(Self.pixel(image, avatar.frame.minX + 0.5, avatar.frame.minY + 0.5) == [255, 255, 255, 255])
        // The vector formats draw it too (poppler and librsvg against the PNG).
        let fromPDF = try IndependentDecoders.pdf(try Self.render(.pdf, in: dir).image, width: image.width, height: image.height)
        #expect(try VectorTolerance.differingPixels(image, fromPDF) == 0)
        let fromSVG = try IndependentDecoders.svg(try Self.render(.svg, in: dir).image, width: image.width, height: image.height)
        #expect(try VectorTolerance.differingPixels(image, fromSVG) == 0)
    }

    /// An SVG embeds a transparent picture once however often it is drawn over a colour, as it
    /// does an opaque one: from a group, Cairo's SVG writer embedded it again at every use (40
    /// 20-point photos of one 4 MB PNG made a 214 MB file).
    @Test func anSVGEmbedsATransparentPictureOnce() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("feedshot-sticker-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        try Self.sticker(in: dir)
        let photos = (0..<12).map {
            #"{"id": "p\#($0)", "from": "u2", "type": "photo", "sentAt": "2026-11-29T11:05:00Z", "image": {"src": "sticker.png", "width": 40, "height": 40}}"#
        }
        let json = Data(
            #"""
            {"kind": "chat", "style": "messagekit", "width": 375, "scale": 2, "me": "u1", "now": "2026-11-29T12:00:00Z",
             "users": {"u1": {"displayName": "Me"}, "u2": {"displayName": "Ann Lee"}}, "messages": [\#(photos.joined(separator: ", "))]}
            """#.utf8)
        var options = RenderOptions()
        options.images.assetRoot = dir
        options.format = .svg
        let (image, layout) = try Feedshot.renderWithLayout(Feedshot.decode(json, options: options), options: options)
        // Each photo is drawn over the message's colour (the case that went through a group).
        let drawn = layout.items.flatMap(\.elements).filter { $0.role == .image }
        #expect(drawn.count == 12 && drawn.allSatisfy { if case .image(_, _, _, .some) = $0.content { true } else { false } })
        let svg = String(decoding: image, as: UTF8.self)
        #expect(svg.components(separatedBy: "data:image/png;base64").count - 1 == 1)
    }

    /// The same under a bubble masked by an app's image (`customImageTail`): in pixels the colour
    /// and the picture are composited, then let through the image's alpha; on a vector page each
    /// goes through the mask in turn.
    @Test func underABubbleMaskedByAnImageTheColourShowsToo() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("feedshot-sticker-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        try Self.sticker(in: dir)
        try FileManager.default.copyItem(
            at: packageRoot.appendingPathComponent("examples/assets/thought-bubble@2x.png"), to: dir.appendingPathComponent("tb.png"))
        let settings = #"{"bubble": {"style": "customImageTail", "image": {"src": "tb.png", "scale": 2}}}"#
        let (png, layout) = try Self.render(.png, in: dir, settings: settings)
        let image = try RGBAImage(png: png)
        let photo = try #require(layout.items.first { $0.id == "p" })
        let picture = try #require(photo.elements.first { $0.role == .image })
        guard case .image("sticker.png", _, .some(let mask), let fill?) = picture.content, mask.image != nil else {
            Issue.record("the photo is not the sticker under the app's bubble image: \(picture.content)")
            return
        }
        let frame = picture.frame
        #expect(Self.pixel(image, frame.minX + frame.width / 4, frame.midY) == Self.rgba(fill))
        #expect(Self.pixel(image, frame.midX, frame.midY) == [255, 0, 0, 255])
        let fromPDF = try IndependentDecoders.pdf(
            try Self.render(.pdf, in: dir, settings: settings).image, width: image.width, height: image.height)
        #expect(try VectorTolerance.differingPixels(image, fromPDF) == 0)
    }
}
