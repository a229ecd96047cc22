import CPangoCairo
import FeedshotLayout
import FeedshotSnapshot
import Foundation
import Testing

@testable import FeedshotRender

/// Every output format, decoded by a tool that did not write it (`IndependentDecoders`), against
/// the PNG of the same document: WebP lossless pixel for pixel, JPEG and lossy WebP within a
/// perceptual threshold, SVG and PDF within `VectorTolerance` — another engine rasterizes their
/// shapes, glyph outlines and images — and the PDF's text extractable.
struct OutputFormatTests {
    /// Documents with text (Latin, Arabic, emoji, CJK), photos, avatars, MessageKit bubbles and a
    /// feed, drawn in every format. The Japanese and Traditional Chinese ones draw with the
    /// bundled CJK faces, CID-keyed CFF fonts whose em was rescaled: their PDFs drew every glyph
    /// 2.048 times too big (6.6 % of the pixels) until the fonts' FontMatrix said 1/2048 too.
    /// `mixed-paragraphs` draws lines one by one, moved (`DrawnLayout.lineShifts`).
    static let documents = [
        "examples/chat.json", "goldens/arabic.json", "goldens/emoji.json", "goldens/mk-kinds-incoming.json",
        "goldens/post-gallery-5-plus.json", "goldens/scale-3.json", "goldens/mk-custom-bubbles.json", "goldens/japanese.json",
        "goldens/traditional-chinese.json", "goldens/mixed-paragraphs.json",
    ]

    /// A noncharacter in a text or a name is drawn as a replacement box in every
    /// format, and the layout says so: Cairo's PDF surface refused it ("input string not valid
    /// UTF-8"), failing a PDF whose PNG drew.
    @Test(arguments: [OutputFormat.pdf, .svg, .png])
    func noncharactersDrawInEveryFormat(format: OutputFormat) throws {
        let json = Data(
            #"""
            {"kind": "chat", "width": 375, "me": "u1", "now": "2026-11-29T12:00:00Z",
             "users": {"u2": {"displayName": "Ann\uFFFE"}},
             "messages": [{"id": "m1", "from": "u2", "type": "text", "sentAt": "2026-11-29T11:00:00Z",
                           "text": "a\uFFFF b\uFDD0 c\uD83F\uDFFE d"}]}
            """#.utf8)
        var options = RenderOptions()
        options.format = format
        let (file, layout) = try Feedshot.renderWithLayout(Feedshot.decode(json, options: options), options: options)
        #expect(!file.isEmpty)
        #expect(layout.warnings.contains { $0.contains("has 3 noncharacters") }, "\(layout.warnings)")
        #expect(layout.warnings.contains { $0.contains("has 1 noncharacter ") }, "\(layout.warnings)")
        // Said once: not also as characters no font draws.
        #expect(!layout.warnings.contains { $0.contains("no bundled font draws") }, "\(layout.warnings)")
    }

    /// A bubble masked by an app's image is placed on a vector page as one small picture: Cairo
    /// made a 300-dpi fallback image of each such bubble instead — for a 6000 × 6000 mask about
    /// 140 MB and 1.5 s a bubble, 944 KB of SVG for five. Here, five bubbles through a 3000 × 3000
    /// mask: the fallbacks made 601 KB of SVG and 223 KB of PDF.
    @Test(arguments: [OutputFormat.svg, .pdf])
    func aLargeBubbleImageStaysSmallOnAVectorPage(format: OutputFormat) throws {
        let messages = (1...5).map {
            #"{"id": "m\#($0)", "from": "u2", "type": "text", "sentAt": "2026-11-29T11:00:00Z", "text": "Message \#($0)"}"#
        }
        let file = try Self.renderThroughALargeMask(messages, format: format)
        #expect(file.count < 200_000, "\(format): \(file.count) bytes")
    }

    /// A photo in such a bubble stays its own JPEG under a mask of pixels, both embedded once for
    /// every photo of the same size: ten photos cost about what one does. As a group through the
    /// mask, each photo was a 300-dpi fallback image of its own — 40 photos took 32 s, 1.5 GB and
    /// 5.1 MB of SVG (0.5 s, 128 MB and 110 KB now).
    @Test(arguments: [OutputFormat.svg, .pdf])
    func photosThroughALargeBubbleImageAreEmbeddedOnce(format: OutputFormat) throws {
        func photos(_ count: Int) -> [String] {
            (1...count).map {
                #"{"id": "m\#($0)", "from": "u2", "type": "photo", "sentAt": "2026-11-29T11:00:00Z", "image": {"src": "beach.jpg", "width": 240, "height": 180}}"#
            }
        }
        let one = try Self.renderThroughALargeMask(photos(1), format: format)
        let ten = try Self.renderThroughALargeMask(photos(10), format: format)
        #expect(ten.count < one.count + 20_000, "\(format): one photo \(one.count) bytes, ten \(ten.count)")
    }

    /// A photo that is also the bubble image, in bubbles of three sizes, is written to the page
    /// once, as the bubbles of one size are. Each mask was cut from the decoded image itself, which
    /// flushed it, and Cairo's vector surfaces then wrote the photo again: a 32767 × 1220 image as
    /// twelve photos of twelve sizes took 2 GB and 1.7 MB of PDF (380 MB and 166 KB now).
    @Test(arguments: [OutputFormat.svg, .pdf])
    func aPhotoThatIsAlsoTheBubbleImageIsEmbeddedOnce(format: OutputFormat) throws {
        let messages = [120, 160, 200].map {
            #"{"id": "m\#($0)", "from": "u2", "type": "photo", "sentAt": "2026-11-29T11:00:00Z", "image": {"src": "mask.png", "width": \#($0), "height": 120}}"#
        }
        let file = try Self.renderThroughALargeMask(messages, format: format)
        let writtenTimes: Int
        if format == .svg {
            writtenTimes = String(decoding: file, as: UTF8.self).components(separatedBy: #"width="3000" height="3000""#).count - 1
        } else {
            let listed = try IndependentDecoders.withFile(file, named: "photos.pdf") {
                String(decoding: try IndependentDecoders.run("pdfimages", ["-list", $0.path]), as: UTF8.self)
            }
            // page num type width height color comp bpc enc interp object …: the photo's image objects.
            let rows = listed.split(separator: "\n").dropFirst(2).map { $0.split(separator: " ") }
            writtenTimes = Set(rows.filter { $0.count > 10 && $0[2] == "image" && $0[3] == "3000" }.map { $0[10] }).count
        }
        #expect(writtenTimes == 1, "\(format): the 3000 × 3000 photo is written \(writtenTimes) times")
    }

    /// `messages` from Ann in MessageKit bubbles masked by a 3000 × 3000 disc (`customImageTail`),
    /// with `beach.jpg` beside it, as `format`.
    static func renderThroughALargeMask(_ messages: [String], format: OutputFormat) throws -> Data {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("feedshot-mask-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let mask = try #require(cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 3000, 3000))
        defer { cairo_surface_destroy(mask) }
        let cr = try #require(cairo_create(mask))
        cairo_arc(cr, 1500, 1500, 1400, 0, 2 * Double.pi)
        cairo_fill(cr)
        cairo_destroy(cr)
        #expect(cairo_surface_write_to_png(mask, dir.appendingPathComponent("mask.png").path) == CAIRO_STATUS_SUCCESS)
        try FileManager.default.copyItem(
            at: packageRoot.appendingPathComponent("examples/assets/beach.jpg"), to: dir.appendingPathComponent("beach.jpg"))
        let json = Data(
            #"{"kind": "chat", "style": "messagekit", "me": "u1", "now": "2026-11-29T12:00:00Z", "users": {"u2": {"displayName": "Ann"}}, "messageKit": {"bubble": {"style": "customImageTail", "image": {"src": "mask.png", "scale": 3}}}, "messages": [\#(messages.joined(separator: ", "))]}"#
                .utf8)
        var options = RenderOptions()
        options.images.assetRoot = dir
        options.format = format
        let result = try Feedshot.renderWithLayout(Feedshot.decode(json, options: options), options: options)
        #expect(result.layout.warnings.isEmpty, "\(result.layout.warnings)")
        return result.image
    }

    static func options(_ format: OutputFormat, quality: Int? = nil) -> RenderOptions {
        var options = RenderOptions()
        options.images.assetRoot = packageRoot.appendingPathComponent("examples")
        options.format = format
        options.quality = quality.flatMap(ImageQuality.init)
        return options
    }

    static func json(_ path: String) throws -> Data { try Data(contentsOf: packageRoot.appendingPathComponent(path)) }

    /// The document's PNG, decoded, and its layout.
    static func reference(_ json: Data) throws -> (RGBAImage, Layout) {
        let (png, layout) = try Feedshot.renderWithLayout(Feedshot.decode(json, options: options(.png)), options: options(.png))
        return (try RGBAImage(png: png), layout)
    }

    static func render(_ json: Data, _ format: OutputFormat, quality: Int? = nil) throws -> Data {
        try Feedshot.render(json: json, options: options(format, quality: quality))
    }

    @Test(arguments: documents)
    func svgAndPDFLookLikeThePNG(path: String) throws {
        let json = try Self.json(path)
        let (png, layout) = try Self.reference(json)
        let svg = try Self.render(json, .svg)
        let fromSVG = try IndependentDecoders.svg(svg, width: png.width, height: png.height)
        let svgPixels = try VectorTolerance.differingPixels(png, fromSVG)
        #expect(svgPixels == 0, "\(path): \(svgPixels) pixels of the SVG (librsvg) differ from the PNG")
        let pdf = try Self.render(json, .pdf)
        let fromPDF = try IndependentDecoders.pdf(pdf, width: png.width, height: png.height)
        let pdfPixels = try VectorTolerance.differingPixels(png, fromPDF)
        #expect(pdfPixels == 0, "\(path): \(pdfPixels) pixels of the PDF (poppler) differ from the PNG")
        // One page, sized to the layout in points.
        func points(_ value: Double) -> String { value == value.rounded() ? String(Int(value)) : String(value) }
        let info = try IndependentDecoders.pdfInfo(pdf)
        #expect(info["Pages"] == "1")
        #expect(info["Page size"] == "\(points(layout.width)) x \(points(layout.height)) pts", "\(info)")
        let header = String(decoding: svg.prefix(400), as: UTF8.self)
        #expect(header.contains(#"width="\#(points(layout.width))px" height="\#(points(layout.height))px""#), "\(header)")
    }

    /// Texts with a run in the colour emoji face broke Cairo's PDF text mapping — the page failed
    /// with "input string not valid UTF-8", or Pango's cluster iterator aborted the worker after the
    /// mapping had overwritten a byte of the layout's text: a skin-tone modifier that follows no
    /// emoji (a Syriac letter, U+1F3FB, a space, an RLE), and a text-default emoji, a space and a
    /// right-to-left override. On a PDF page such a text is drawn as glyphs alone: rendered twice
    /// (the second time from the thread's cached layout, which the mapping had corrupted), it looks
    /// like the PNG through Poppler, as the SVG does through librsvg, and its letters are still text.
    /// (The Syriac letter, which no bundled font draws, is a box of its hex digits that Poppler sets
    /// a few pixels off at 1×, with the mapping too: 9 pixels for "\u{0710} \u{202B}".)
    @Test(arguments: [("pdf-text-mapping-lone-skin-tone", 2, nil), ("pdf-text-mapping-emoji-space-rlo", 0, "A")])
    func aTextWithAnEmojiRunIsDrawnAsGlyphsAloneInAPDF(crasher: String, allowed: Int, extracted: String?) throws {
        let json = try Data(contentsOf: packageRoot.appendingPathComponent("fuzz/crashers/\(crasher).json"))
        let (png, _) = try Self.reference(json)
        for format in [OutputFormat.pdf, .pdf, .svg] {
            let page = try Self.render(json, format)
            let pixels =
                format == .pdf
                ? try IndependentDecoders.pdf(page, width: png.width, height: png.height)
                : try IndependentDecoders.svg(page, width: png.width, height: png.height)
            let differing = try VectorTolerance.differingPixels(png, pixels)
            #expect(differing <= allowed, "\(format): \(differing) pixels differ from the PNG")
        }
        if let extracted {
            let text = try IndependentDecoders.pdfText(try Self.render(json, .pdf))
            #expect(text.contains(extracted), "\(text)")
        }
    }

    /// The second trial's other reductions (an invisible operator, a space and a keycap; a Syriac
    /// letter, a no-break space and a keycap; a translated "Today"; a feed comment): each aborted
    /// a process on its second drawing, or failed the page. Each is drawn twice here, in this
    /// process, and Poppler reads both pages without a complaint.
    @Test(arguments: [
        "pdf-text-mapping-invisible-space-keycap-abort", "pdf-text-mapping-syriac-nbsp-keycap", "pdf-text-mapping-ui-string",
        "pdf-text-mapping-feed-comment-second-render",
    ])
    func aTrialTextIsDrawnTwiceInAPDF(crasher: String) throws {
        let json = try Data(contentsOf: packageRoot.appendingPathComponent("fuzz/crashers/\(crasher).json"))
        for _ in 0..<2 {
            let pdf = try Self.render(json, .pdf)
            #expect(try IndependentDecoders.pdfInfo(pdf)["Pages"] == "1")
        }
    }

    /// Only a text with a run in an emoji face loses the mapping, and only on a surface that maps
    /// glyphs back to text (a PDF's, not an SVG's or an image's).
    @Test func onlyAnEmojiRunOnAPDFPageDropsTheTextMapping() throws {
        let context = try PangoThreadContext.current(.standard)
        func hasEmojiRun(_ string: String) -> Bool {
            let layout = context.makeLayout(StyledText(string, font: FontSpec(size: 17)), width: 250)
            return withExtendedLifetime(layout) { TextOnVectorPages.hasEmojiRun(layout.pointer) }
        }
        for text in ["\u{0710}\u{1F3FB} \u{202B}", "\u{263A} \u{202E}A", "\u{1F44D}\u{1F3FB} ok", "1\u{FE0F}\u{20E3}"] {
            #expect(hasEmojiRun(text), "\(text)")
        }
        for text in ["Hello there", "مرحبا \u{202B}بكم", "שלום world", "x \u{202E}abc\u{202C} y", "日本語"] {
            #expect(!hasEmojiRun(text), "\(text)")
        }
        func maps(_ surface: OpaquePointer?) throws -> Bool {
            let surface = try #require(surface)
            defer { cairo_surface_destroy(surface) }
            let cr = try #require(cairo_create(surface))
            defer { cairo_destroy(cr) }
            return TextOnVectorPages.mapsGlyphsToText(cr)
        }
        #expect(try maps(cairo_pdf_surface_create_for_stream({ _, _, _ in CAIRO_STATUS_SUCCESS }, nil, 10, 10)))
        #expect(try !maps(cairo_svg_surface_create_for_stream({ _, _, _ in CAIRO_STATUS_SUCCESS }, nil, 10, 10)))
        #expect(try !maps(cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 10, 10)))
    }

    /// One photo in two bubbles — Ann's masked by an app's image, Me's by rounded corners — in
    /// either order: Cairo 1.16's PDF surface wrote a photo that fills its frame as one image with
    /// its mask, once for the photo, so the other bubble's photo took the thought bubble's shape
    /// (5,453 pixels off), or lost it when drawn first (7,544) (`BubbleImageMask.vectorMaskBorder`).
    @Test(arguments: [false, true])
    func onePhotoInTwoBubbleShapesKeepsEachShapeInAPDF(outgoingFirst: Bool) throws {
        func photo(_ id: String, from user: String, at minute: Int) -> String {
            #"{"id": "\#(id)", "from": "\#(user)", "type": "photo", "sentAt": "2026-11-29T11:0\#(minute):00Z", "image": {"src": "assets/beach.jpg", "width": 400, "height": 300}}"#
        }
        let photos = [photo("p1", from: "u2", at: 5), photo("p2", from: "u1", at: 6)]
        let json = Data(
            #"""
            {"kind": "chat", "style": "messagekit", "width": 375, "scale": 2, "me": "u1", "now": "2026-11-29T12:00:00Z",
             "users": {"u1": {"displayName": "Me"}, "u2": {"displayName": "Ann Lee", "avatar": "assets/ann.jpg"}},
             "messageKit": {"bubble": {"style": "customImageTail", "image": {"src": "assets/thought-bubble@2x.png", "scale": 2}},
                            "outgoing": {"bubble": {"style": "custom", "mask": {"corners": ["topLeft", "bottomLeft", "topRight"], "radius": 16}}}},
             "messages": [\#((outgoingFirst ? photos.reversed() : photos).joined(separator: ", "))]}
            """#.utf8)
        let (png, layout) = try Self.reference(json)
        #expect(layout.warnings.isEmpty, "\(layout.warnings)")
        let fromPDF = try IndependentDecoders.pdf(try Self.render(json, .pdf), width: png.width, height: png.height)
        let pdfPixels = try VectorTolerance.differingPixels(png, fromPDF)
        #expect(pdfPixels == 0, "\(pdfPixels) pixels of the PDF (poppler) differ from the PNG")
        let fromSVG = try IndependentDecoders.svg(try Self.render(json, .svg), width: png.width, height: png.height)
        let svgPixels = try VectorTolerance.differingPixels(png, fromSVG)
        #expect(svgPixels == 0, "\(svgPixels) pixels of the SVG (librsvg) differ from the PNG")
    }

    /// The tolerance is meaningful: a document differing by two digits ("12:30" → "12:45") fails
    /// it against the original's vector renders, and so does the PNG itself shifted by a point.
    @Test func theVectorToleranceCatchesARealDifference() throws {
        let json = try Self.json("examples/chat.json")
        let changed = Data(String(decoding: json, as: UTF8.self).replacingOccurrences(of: "12:30", with: "12:45").utf8)
        #expect(changed != json)
        let (png, _) = try Self.reference(json)
        let (changedPNG, _) = try Self.reference(changed)
        let fromSVG = try IndependentDecoders.svg(try Self.render(json, .svg), width: png.width, height: png.height)
        let fromPDF = try IndependentDecoders.pdf(try Self.render(json, .pdf), width: png.width, height: png.height)
        let changedPixels = (
            try VectorTolerance.differingPixels(changedPNG, fromSVG), try VectorTolerance.differingPixels(changedPNG, fromPDF)
        )
        #expect(changedPixels.0 >= 50 && changedPixels.1 >= 50, "\(changedPixels) pixels differ")
        // The same pixels moved down by one point (two pixels).
        var shifted = png
        shifted.pixels = Array(repeating: 255, count: png.width * 8) + png.pixels.dropLast(png.width * 8)
        let shiftedPixels = try VectorTolerance.differingPixels(png, shifted)
        #expect(shiftedPixels > 1_000, "\(shiftedPixels) pixels differ")
    }

    /// Every line of every text element is in the text poppler extracts (spacing aside), except
    /// colour emoji, which Cairo embeds as bitmaps, and inline images' object replacement characters;
    /// of a text with an emoji, its letters and digits.
    @Test func thePDFHasTextInEmbeddedSubsetFonts() throws {
        for path in ["examples/chat.json", "examples/feed.json", "goldens/cjk.json"] {
            let json = try Self.json(path)
            let (_, layout) = try Self.reference(json)
            let pdf = try Self.render(json, .pdf)
            let text = try IndependentDecoders.pdfText(pdf)
            func squeezed(_ s: String) -> String {
                String(
                    String.UnicodeScalarView(
                        s.unicodeScalars.filter { !$0.properties.isWhitespace && !$0.properties.isEmojiPresentation && $0 != "\u{FFFC}" }))
            }
            func lettersAndDigits(_ s: String) -> String {
                String(String.UnicodeScalarView(s.unicodeScalars.filter { $0.properties.isAlphabetic || $0.properties.numericType != nil }))
            }
            let extracted = squeezed(text), extractedLetters = lettersAndDigits(text)
            var lines: [(line: String, withEmoji: Bool)] = []
            for item in layout.items {
                for element in item.elements {
                    if case .text(let styled, let textLines) = element.content {
                        let withEmoji = styled.string.unicodeScalars.contains { $0.properties.isEmojiPresentation }
                        lines += textLines.map(squeezed).filter { !$0.isEmpty }.map { ($0, withEmoji) }
                    }
                }
            }
            #expect(lines.count > 5 && lines.contains { !$0.withEmoji }, "\(path)")
            for (line, withEmoji) in lines {
                // A text with an emoji run is drawn as glyphs alone (`TextOnVectorPages`): its
                // letters and digits are read from the fonts' character maps, which do not name a
                // contextual form (Inter's raised "@" before a capital).
                let found = withEmoji ? extractedLetters.contains(lettersAndDigits(line)) : extracted.contains(line)
                #expect(found, "\(path): \"\(line)\" is not in the PDF's text")
            }
            let fonts = try IndependentDecoders.pdfFonts(pdf)
            #expect(!fonts.isEmpty)
            // Columns: name, type…, encoding, emb, sub, uni, object ID: every font embedded and subset.
            for font in fonts { #expect(font.suffix(5).prefix(2) == ["yes", "yes"], "\(path): \(font)") }
        }
    }

    @Test func losslessWebPIsThePNGPixelForPixel() throws {
        let translucent = chatJSON(
            [textMessage("m1", "See-through"), textMessage("m2", from: "u1", "Over a translucent background 🎉")],
            extra: ##", "theme": {"theme": "light", "background": "#FF000040"}"##)
        for json in [try Self.json("examples/chat.json"), try Self.json("goldens/post-gallery-5-plus.json"), translucent] {
            let (png, _) = try Self.reference(json)
            let webp = try Self.render(json, .webp)
            #expect(webp.starts(with: Array("RIFF".utf8)) && webp.dropFirst(8).starts(with: Array("WEBPVP8L".utf8)))
            let decoded = try IndependentDecoders.webp(webp)
            #expect(decoded.width == png.width && decoded.height == png.height)
            #expect(decoded.pixels == png.pixels)
        }
        // The translucent background stays translucent (alpha 64 of 255).
        let decoded = try IndependentDecoders.webp(try Self.render(translucent, .webp))
        #expect(decoded.pixel(1, 1) == (255, 0, 0, 64))
    }

    @Test func lossyWebPAndJPEGAreCloseAndShrinkWithQuality() throws {
        let json = try Self.json("examples/chat.json")
        let (png, _) = try Self.reference(json)
        let diff = ImageDiff()
        for (format, decode) in [(OutputFormat.webp, IndependentDecoders.webp), (.jpeg, IndependentDecoders.jpeg)] {
            let good = try Self.render(json, format, quality: 90)
            let poor = try Self.render(json, format, quality: 30)
            #expect(poor.count < good.count, "\(format): quality 30 is \(poor.count) B, quality 90 \(good.count) B")
            let decoded = try decode(good)
            #expect(decoded.width == png.width && decoded.height == png.height)
            let result = try diff.compare(png, decoded)
            #expect(result.differingRatio < 0.002, "\(format) at 90: \(result)")
        }
        // JPEG's default quality is 90; a JPEG starts with SOI and a JFIF header.
        let jpeg = try Self.render(json, .jpeg)
        #expect(jpeg == (try Self.render(json, .jpeg, quality: 90)))
        #expect(jpeg.starts(with: [0xFF, 0xD8, 0xFF, 0xE0]))
        // Lossy WebP is VP8, lossless VP8L.
        #expect(try Self.render(json, .webp, quality: 75).dropFirst(8).starts(with: Array("WEBPVP8 ".utf8)))
    }

    @Test func jpegIsOpaqueOverWhite() throws {
        let json = chatJSON([textMessage("m1", "Hello")], extra: ##", "theme": {"theme": "light", "background": "#00000080"}"##)
        let (png, _) = try Self.reference(json)
        #expect(png.pixel(1, 1).a == 128)
        let decoded = try IndependentDecoders.jpeg(try Self.render(json, .jpeg, quality: 95))
        // Black at half alpha over white: 127, within JPEG's error.
        let corner = decoded.pixel(1, 1)
        for channel in [corner.r, corner.g, corner.b] { #expect(abs(Int(channel) - 127) <= 3, "\(corner)") }
        #expect(corner.a == 255)
    }

    @Test func webPRefusesImagesOverItsSideLimit() throws {
        let messages = (0..<70).map { textMessage("m\($0)", "Message \($0) long enough to wrap onto a second line in its bubble") }
        let json = chatJSON(messages, scale: 3)
        do {
            _ = try Self.render(json, .webp)
            Issue.record("a WebP taller than 16,383 pixels was written")
        } catch let error as RenderError {
            #expect(error.isInputError && error.description.contains("a WebP image can be at most 16383 on a side"), "\(error)")
        }
    }

    /// The same document gives the same PDF bytes (no creation date), and an SVG whose pixels are the same.
    @Test func vectorOutputIsReproducible() throws {
        let json = try Self.json("examples/chat.json")
        #expect(try Self.render(json, .pdf) == (try Self.render(json, .pdf)))
        let (png, _) = try Self.reference(json)
        let first = try IndependentDecoders.svg(try Self.render(json, .svg), width: png.width, height: png.height)
        let second = try IndependentDecoders.svg(try Self.render(json, .svg), width: png.width, height: png.height)
        #expect(first == second)
    }
}

/// How far a vector render (SVG, PDF) rasterized by another engine may be from the PNG.
///
/// librsvg and poppler rasterize glyph outlines, edges and scaled images with their own
/// antialiasing and filters, so pixel for pixel many edge pixels differ: over the 51 goldens,
/// beyond pixelmatch's 0.1 (anti-aliasing not counted), 0.004–0.84 % of an SVG's pixels (median
/// 0.07 %) and 0.003–2.1 % of a PDF's (median 0.28 %). `ImageDiff` with a search radius of one
/// pixel and a YIQ threshold of 0.5, anti-aliasing counted: a pixel differs only when neither
/// image has a pixel that close in colour within one pixel of it. No pixel of any of the 51
/// goldens differs in either format (measured with `feedshot diff --threshold 0.5 --include-aa
/// --search-radius 1`; six of them are tested here); a changed digit in a message makes about a
/// hundred differ, and the layout moved by one point (two pixels) thousands
/// (`theVectorToleranceCatchesARealDifference`). It is a test of geometry and glyphs; colours are
/// the PNG goldens' business.
enum VectorTolerance {
    static let diff = ImageDiff(threshold: 0.5, includeAntiAliasing: true, searchRadius: 1)

    /// Pixels that differ beyond the tolerance.
    static func differingPixels(_ a: RGBAImage, _ b: RGBAImage) throws -> Int {
        try diff.compare(a, b).differingPixels
    }
}

/// A bubble masked by an app's image is drawn on a vector page at 4 pixels a point, or fewer for a
/// bubble so large that its picture or mask would pass 16 megapixels (a 4,000 × 8,000-point photo
/// made a 512-megapixel mask: 1.5 GB and 6.5 s for a PDF; now 0.4 s and 119 MB).
struct VectorMaskDensityTests {
    @Test func largeBubblesAreDrawnAtFewerPixelsAPoint() {
        let pictures = Pictures(reuses: true)
        #expect(pictures.vectorDensity(for: Rect(x: 0, y: 0, width: 240, height: 180)) == 4)
        #expect(pictures.vectorDensity(for: Rect(x: 0, y: 0, width: 1000, height: 1000)) == 4)
        let large = pictures.vectorDensity(for: Rect(x: 0, y: 0, width: 4000, height: 8000))
        #expect(abs(large * large * 4000 * 8000 - Pictures.vectorMaskPixels) < 1)
        #expect(pictures.vectorDensity(for: Rect(x: 0, y: 0, width: 0, height: 0)) == 4)
    }

    /// Cairo keeps every image of a page until the page is finished, so a document's masked bubbles
    /// share `vectorPagePixels` between them: eight 4,000 × 320-point bubbles (at the largest text
    /// size on a 4,096-point canvas) held 16 megapixels each, 650 MB for the PDF. poppler lists
    /// the images the PDF embeds; a phone's chat keeps 4 pixels a point.
    @Test func aDocumentsMaskedBubblesShareOneBudget() throws {
        /// The pixels of the images the PDF embeds, how many, and the bubbles' area in square points.
        func imagePixels(_ messages: Int, width: Int, textSize: String) throws -> (total: Int, count: Int, area: Double) {
            let text = Array(repeating: String(repeating: "W", count: 76), count: 5).joined(separator: "\\n")
            let list = (0..<messages).map {
                #"{"id": "m\#($0)", "from": "u2", "type": "text", "sentAt": "2026-11-29T11:00:00Z", "text": "\#(text)"}"#
            }
            let json = Data(
                #"""
                {"kind": "chat", "style": "messagekit", "width": \#(width), "scale": 1, "textSize": "\#(textSize)", "me": "u1",
                 "now": "2026-11-29T12:00:00Z", "users": {"u1": {"displayName": "Me"}, "u2": {"displayName": "Ann"}},
                 "messageKit": {"bubble": {"style": "customImageTail", "image": {"src": "assets/thought-bubble@2x.png", "scale": 2}}},
                 "messages": [\#(list.joined(separator: ", "))]}
                """#.utf8)
            var options = RenderOptions(images: ImageSource(assetRoot: packageRoot.appendingPathComponent("examples")))
            options.format = .pdf
            let (pdf, layout) = try Feedshot.renderWithLayout(Feedshot.decode(json, options: options), options: options)
            let listed = try IndependentDecoders.withFile(pdf, named: "bubbles.pdf") {
                String(decoding: try IndependentDecoders.run("pdfimages", ["-list", $0.path]), as: UTF8.self)
            }
            // page num type width height …: the bubbles' pictures (and the soft masks of their alpha).
            let rows = listed.split(separator: "\n").dropFirst(2).map { $0.split(separator: " ") }
            let images = rows.filter { $0.count > 4 && $0[2] == "image" }
            let bubbles = layout.items.flatMap(\.elements).filter { $0.role == .bubble }.map(\.frame)
            return (
                images.reduce(0) { $0 + (Int($1[3]) ?? 0) * (Int($1[4]) ?? 0) }, images.count,
                bubbles.reduce(0) { $0 + $1.width * $1.height }
            )
        }
        let large = try imagePixels(8, width: 4_096, textSize: "accessibilityXXXLarge")
        #expect(large.count == 8)
        #expect(Double(large.total) <= Pictures.vectorPagePixels * 1.01 && Double(large.total) > Pictures.vectorPagePixels * 0.9)
        // A phone's chat: 4 pixels a point (16 a square point), give or take the pictures' borders.
        let phone = try imagePixels(3, width: 375, textSize: "large")
        #expect(phone.count == 3)
        #expect(abs(Double(phone.total) / (16 * phone.area) - 1) < 0.05, "\(phone)")
    }
}
