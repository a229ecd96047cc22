import Foundation
import Testing

@testable import FeedshotLayout

/// What a MessageKit app sets beyond the built-in styles: `.customImageTail` with its own image
/// (the Basic example's "bobbly") and a `.custom` closure's corner mask (the Advanced example's)
/// (docs/messagekit.md, "Custom bubbles").
struct MessageKitCustomBubbleTests {
    /// A 112 × 68-pixel bubble image, as examples/assets/thought-bubble@2x.png.
    static let images = ImageCatalog(entries: ["tb.png": .loaded(width: 112, height: 68), "beach.jpg": .loaded(width: 800, height: 600)])

    func layout(_ settings: String, _ messages: [String] = [MK.message("in"), MK.message("out", from: "u1")], extra: String = "") throws
        -> Layout
    {
        try MK.layout(MK.document(messages, settings: settings, extra: extra), images: Self.images)
    }

    func bubble(_ layout: Layout, _ id: String) throws -> (shape: BubbleShape, fill: Color) {
        let item = try #require(layout.items.first { $0.id == id })
        let element = try #require(MK.element(item, .bubble))
        guard case .bubble(let shape, let fill, let stroke) = element.content else {
            Issue.record("\(id): \(element.content)")
            throw CancellationError()
        }
        #expect(stroke == nil)
        return (shape, fill)
    }

    @Test func anImageTailIsTheImageAtItsSizeInPointsTurnedToTheTailsCorner() throws {
        let layout = try layout(#"{"bubble": {"style": "customImageTail", "image": {"src": "tb.png", "scale": 2}}}"#)
        #expect(try bubble(layout, "in").shape == BubbleShape(image: .init(ref: "tb.png", width: 56, height: 34, corner: .bottomLeft)))
        #expect(try bubble(layout, "out").shape == BubbleShape(image: .init(ref: "tb.png", width: 56, height: 34, corner: .bottomRight)))
        #expect(try bubble(layout, "in").fill == MessageKitPalette.forAppearance(.light).incomingBubble)
        #expect(layout.warnings.isEmpty)
        // `tailCorner` turns it; without a `scale` the document's is the image's (UIImage(named:)).
        let turned = try self.layout(
            #"{"bubble": {"style": "customImageTail", "tailCorner": "topRight", "image": {"src": "tb.png"}}}"#, extra: #", "scale": 1"#)
        #expect(try bubble(turned, "in").shape.image == .init(ref: "tb.png", width: 112, height: 68, corner: .topRight))
    }

    @Test func aPhotoIsMaskedByTheImage() throws {
        let photo = MK.message("p", "photo", #""image": {"src": "beach.jpg", "width": 400, "height": 300}"#)
        let layout = try layout(#"{"bubble": {"style": "customImageTail", "image": {"src": "tb.png", "scale": 2}}}"#, [photo])
        let item = try #require(layout.items.first { $0.id == "p" })
        let element = try #require(MK.element(item, .image))
        #expect(
            element.content
                == .image(
                    ref: "beach.jpg", cornerRadius: 0,
                    mask: BubbleShape(image: .init(ref: "tb.png", width: 56, height: 34, corner: .bottomLeft)), fill: Color(hex: "#E5E5EA"))
        )
    }

    /// Without its image the Example app asks for `.bubbleTail(tail, .curved)`; Feedshot draws that and says why.
    @Test(arguments: [
        (#"{"bubble": {"style": "customImageTail", "image": {"src": "missing.png"}}}"#, #"bubble.image.src "missing.png": not loaded"#),
        (#"{"bubble": {"style": "customImageTail", "tailStyle": "pointedEdge"}}"#, "has no bubble.image"),
    ])
    func withoutItsImageTheCurvedTailIsDrawnWithAWarning(settings: String, warning: String) throws {
        let layout = try layout(settings)
        #expect(try bubble(layout, "in").shape == BubbleShape(tail: .init(corner: .bottomLeft, style: .curved)))
        #expect(layout.warnings.contains { $0.contains(warning) && $0.contains("curved tail") }, "\(layout.warnings)")
    }

    /// A bubble image that does not load is told of once, at the level that sets it, however many
    /// messages it bubbles (a thousand messages gave a thousand warnings).
    @Test(arguments: [
        (#"{"bubble": {"style": "customImageTail", "image": {"src": "missing.png"}}}"#, "messageKit.bubble.image.src", 4),
        (
            #"{"incoming": {"bubble": {"style": "customImageTail", "image": {"src": "missing.png"}}}}"#,
            "messageKit.incoming.bubble.image.src", 3
        ),
        (
            #"{"bubble": {"style": "customImageTail"}, "kinds": {"text": {"incoming": {"bubble": {"image": {"src": "missing.png"}}}}}}"#,
            "messageKit.kinds.text.incoming.bubble.image.src", 3
        ),
        (#"{"bubble": {"style": "customImageTail"}}"#, "messageKit.bubble.style: customImageTail has no bubble.image", 4),
    ])
    func aBubbleImageProblemIsToldOnceWhereItIsSet(settings: String, warning: String, times: Int) throws {
        let messages = [MK.message("a"), MK.message("b"), MK.message("c"), MK.message("d", from: "u1")]
        let layout = try layout(settings, messages)
        let told = layout.warnings.filter { $0.contains("curved tail") && $0.hasPrefix(warning) }
        #expect(told.count == 1, "\(layout.warnings)")
        #expect(told.first?.hasSuffix("(\(times) times)") == true, "\(told)")
        #expect(!layout.warnings.contains { $0.hasPrefix("messages[") }, "\(layout.warnings)")
        // A message's own image is its own.
        let own = MK.message(
            "own", "text", #""text": "Hi", "messageKit": {"bubble": {"style": "customImageTail", "image": {"src": "gone.png"}}}"#)
        let mixed = try self.layout(settings, messages + [own])
        #expect(mixed.warnings.contains { $0.hasPrefix(#"messages[4].messageKit.bubble.image.src "gone.png""#) }, "\(mixed.warnings)")
    }

    @Test func aCornerMaskRoundsTheCornersItNames() throws {
        let settings = #"{"bubble": {"style": "custom", "mask": {"corners": ["bottomRight", "topLeft"], "radius": 16}}}"#
        let layout = try layout(settings)
        // Listed in `Corner`'s order, whatever the document's.
        #expect(try bubble(layout, "in").shape == BubbleShape(roundedCorners: .init(corners: [.topLeft, .bottomRight], radius: 16)))
        // A message's own mask wins (the Advanced example answers per message).
        let own = MK.message("own", "text", #""text": "Hi", "messageKit": {"bubble": {"mask": {"corners": [], "radius": 0}}}"#)
        #expect(try bubble(try self.layout(settings, [own]), "own").shape == BubbleShape(roundedCorners: .init(corners: [], radius: 0)))
        // `.custom` with no mask is the container's colour, square.
        let item = try #require(try self.layout(#"{"bubble": {"style": "custom"}}"#).items.first { $0.id == "in" })
        #expect(MK.element(item, .bubble)?.content == .box(fill: MessageKitPalette.forAppearance(.light).incomingBubble, corners: .none))
    }

    @Test func aCornerMasksPathIsARectangleWithQuarterCirclesAtItsRoundedCorners() {
        let frame = Rect(x: 10, y: 20, width: 100, height: 40)
        let path = BubbleShape(roundedCorners: .init(corners: [.topRight], radius: 16)).fillPath(in: frame)
        let points: [(Double, Double)] = path.segments.compactMap {
            switch $0 {
            case .move(let x, let y), .line(let x, let y): (x, y)
            case .curve(_, _, _, _, let x, let y): (x, y)
            case .close: nil
            }
        }
        // Square top-left, the arc from (94, 20) to (110, 36), square bottom-right and bottom-left.
        #expect(points.map { "\($0.0),\($0.1)" } == ["10.0,20.0", "94.0,20.0", "110.0,36.0", "110.0,60.0", "10.0,60.0", "10.0,20.0"])
        // A radius past half the shorter side is bounded by it.
        let pill = BubbleShape(roundedCorners: .init(corners: [.topLeft], radius: 100)).fillPath(in: frame)
        #expect(pill.segments.first == .move(x: 30, y: 20))
    }

    @Test func mirroringFlipsTheImageAndTheMask() {
        let image = BubbleShape(image: .init(ref: "tb.png", width: 56, height: 34, corner: .bottomLeft))
        #expect(image.mirrored().image?.corner == .bottomRight)
        let mask = BubbleShape(roundedCorners: .init(corners: [.topLeft, .bottomLeft, .topRight], radius: 16))
        #expect(mask.mirrored().roundedCorners?.corners == [.topLeft, .topRight, .bottomRight])
    }

    @Test func theImagesAreLoadedFromEveryLevel() throws {
        let json = MK.document(
            [MK.message("m", "text", #""text": "Hi", "messageKit": {"bubble": {"image": {"src": "own.png"}}}"#)],
            settings:
                #"{"bubble": {"image": {"src": "all.png"}}, "outgoing": {"bubble": {"image": {"src": "out.png"}}}, "kinds": {"photo": {"incoming": {"bubble": {"image": {"src": "kind.png"}}}}}}"#
        )
        let references = try Document.decode(json).imageReferences
        #expect(Set(["own.png", "all.png", "out.png", "kind.png"]).isSubset(of: references))
    }

    @Test(arguments: [
        (#"{"bubble": {"style": "customImage"}}"#, "messageKit.bubble.style"),
        (#"{"bubble": {"image": {"src": ""}}}"#, "messageKit.bubble.image.src: must name an image (got an empty string)"),
        (#"{"bubble": {"image": {"src": "a.png", "scale": 4}}}"#, "messageKit.bubble.image.scale: must be 1, 2 or 3 (got 4.0)"),
        (#"{"bubble": {"image": {"src": "a.png", "capInsets": 2}}}"#, "messageKit.bubble.image.capInsets: unknown field"),
        (#"{"bubble": {"mask": {"corners": ["left"], "radius": 4}}}"#, #"messageKit.bubble.mask.corners: must list corners of "topLeft""#),
        (
            #"{"bubble": {"mask": {"corners": ["topLeft", "topLeft"], "radius": 4}}}"#,
            #"messageKit.bubble.mask.corners: lists "topLeft" twice"#
        ),
        (#"{"bubble": {"mask": {"corners": ["topLeft"]}}}"#, "messageKit.bubble.mask.radius: is required"),
        (#"{"bubble": {"mask": {"corners": ["topLeft"], "radius": -2}}}"#, "messageKit.bubble.mask.radius"),
        (#"{"incoming": {"bubble": {"mask": {"radius": 2}}}}"#, "messageKit.incoming.bubble.mask.corners"),
    ])
    func badBubbleValuesAreRefusedNamingTheirPath(settings: String, expected: String) {
        let error = MK.error(MK.document([MK.message("t")], settings: settings))
        #expect(error?.hasPrefix(expected) == true, "\(error ?? "accepted")")
    }
}
