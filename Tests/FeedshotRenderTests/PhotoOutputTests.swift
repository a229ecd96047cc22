import CPangoCairo
import Foundation
import Testing

@testable import FeedshotLayout
@testable import FeedshotRender

/// Photos drawn the same in every format — a CMYK JPEG, a photo turned by its EXIF orientation —
/// without their metadata in a PDF or SVG, and the pixels Cairo is given for them.
struct PhotoOutputTests {
    static let hasPoppler =
        FileManager.default.isExecutableFile(atPath: "/usr/bin/pdftoppm")
        && FileManager.default.isExecutableFile(atPath: "/usr/bin/pdfimages")

    static func dataURI(_ jpeg: [UInt8]) -> String { "data:image/jpeg;base64,\(Data(jpeg).base64EncodedString())" }

    /// A chat in which Ann sends `src` as a photo: Amity's (400 × 300 points declared), or
    /// MessageKit's, sized by the image itself.
    static func photoChat(_ src: String, messageKit: Bool = false) -> Data {
        let image = messageKit ? #"{"src": "\#(src)"}"# : #"{"src": "\#(src)", "width": 400, "height": 300}"#
        return chatJSON(
            [
                #"{"id": "p", "from": "u2", "type": "\#(messageKit ? "photo" : "image")", "sentAt": "2026-11-29T11:00:00Z", "image": \#(image)}"#
            ],
            extra: messageKit ? #", "style": "messagekit""# : "")
    }

    static func options(_ format: OutputFormat) -> RenderOptions {
        var options = RenderOptions()
        options.images.assetRoot = packageRoot.appendingPathComponent("examples")
        options.format = format
        return options
    }

    /// The document as `format`, and its layout.
    static func render(_ json: Data, _ format: OutputFormat) throws -> (Data, Layout) {
        try Feedshot.renderWithLayout(Feedshot.decode(json, options: options(format)), options: options(format))
    }

    /// The frame of the image element drawing `src`.
    static func frame(of src: String, in layout: Layout) throws -> Rect {
        let element = layout.items.flatMap(\.elements).first {
            if case .image(let ref, _, _, _) = $0.content { return ref == src }
            return false
        }
        return try #require(element).frame
    }

    /// The mean colour (0xRRGGBB) of the device pixels around the point (`x`, `y`), in points at scale 2.
    static func colour(_ image: RGBAImage, _ x: Double, _ y: Double) -> UInt32 {
        var sums = [0, 0, 0]
        let (cx, cy) = (Int(x * 2), Int(y * 2))
        for py in (cy - 3)...(cy + 3) {
            for px in (cx - 3)...(cx + 3) {
                let pixel = image.pixel(px, py)
                sums[0] += Int(pixel.r)
                sums[1] += Int(pixel.g)
                sums[2] += Int(pixel.b)
            }
        }
        return sums.reduce(UInt32(0)) { $0 << 8 | UInt32($1 / 49) }
    }

    /// The image `pdfimages -list` reports: its width, height, colour space and encoding.
    static func pdfImages(_ pdf: Data) throws -> [[String]] {
        let listed = try IndependentDecoders.withFile(pdf, named: "images.pdf") {
            String(decoding: try IndependentDecoders.run("pdfimages", ["-list", $0.path]), as: UTF8.self)
        }
        // page num type width height color comp bpc enc …
        return listed.split(separator: "\n").dropFirst(2).map { $0.split(separator: " ").map(String.init) }.filter { $0.count > 8 }
            .map { [$0[3], $0[4], $0[5], $0[8]] }
    }

    static func contains(_ data: Data, _ string: String) -> Bool { data.range(of: Data(string.utf8)) != nil }

    /// A CMYK JPEG (ann-cmyk.jpg, Pillow's with Adobe's APP14; libjpeg-turbo's YCCK) is drawn in
    /// colour in a PDF, as in the PNG: its JPEG was embedded, and Cairo wrote it as /DeviceCMYK
    /// without Adobe's inverted /Decode — a near-black negative.
    @Test(.enabled(if: hasPoppler, "skipped: pdftoppm is not installed (scripts/install-deps --test)"))
    func aCMYKPhotoIsItsColoursInAPDF() throws {
        let ycck = try JPEGFixture.make(width: 200, height: 200, cmyk: true) { _, _ in 0xE6_5A3C }
        for src in ["assets/ann-cmyk.jpg", Self.dataURI(ycck)] {
            let (png, layout) = try Self.render(Self.photoChat(src), .png)
            #expect(layout.warnings.isEmpty, "\(layout.warnings)")
            let reference = try RGBAImage(png: png)
            let (pdf, _) = try Self.render(Self.photoChat(src), .pdf)
            let page = try IndependentDecoders.pdf(pdf, width: reference.width, height: reference.height)
            let frame = try Self.frame(of: src, in: layout)
            for (fx, fy) in [(0.5, 0.5), (0.3, 0.4), (0.7, 0.6)] {
                let (x, y) = (frame.x + frame.width * fx, frame.y + frame.height * fy)
                let (expected, drawn) = (Self.colour(reference, x, y), Self.colour(page, x, y))
                #expect(JPEGFixture.close(expected, drawn, tolerance: 12), "\(src.prefix(40)): PNG \(expected), PDF \(drawn)")
            }
            let images = try Self.pdfImages(pdf)
            #expect(images.allSatisfy { $0[2] != "cmyk" }, "\(images)")
        }
    }

    /// A photo's EXIF (its description, GPS position), comments, Photoshop's APP13 and whatever
    /// follows its end of image reach neither the PDF nor the SVG, which still embed it as a JPEG
    /// of the same picture.
    @Test(.enabled(if: hasPoppler, "skipped: pdftoppm is not installed (scripts/install-deps --test)"))
    func aPhotosMetadataStaysOutOfPDFAndSVG() throws {
        let picture = try JPEGFixture.make(width: 400, height: 200, colour: JPEGFixture.quadrants(width: 400, height: 200))
        let gps = JPEGFixture.segment(
            0xE1, Array("Exif\0\0".utf8) + JPEGFixture.tiff([(0x8825, 2, 14, Array("SECRET-GPS-52\0".utf8))], littleEndian: false))
        let photo = JPEGFixture.inserting(
            JPEGFixture.exif(description: "SECRET-EXIF-DESCRIPTION") + gps + JPEGFixture.segment(0xFE, Array("SECRET-COMMENT".utf8))
                + JPEGFixture.segment(0xED, Array("Photoshop 3.0\0SECRET-IPTC".utf8)),
            into: picture, trailing: Array("SECRET-AFTER-EOI".utf8))
        let src = Self.dataURI(photo)
        let (png, layout) = try Self.render(Self.photoChat(src), .png)
        #expect(layout.warnings.isEmpty, "\(layout.warnings)")
        let reference = try RGBAImage(png: png)
        let (pdf, _) = try Self.render(Self.photoChat(src), .pdf)
        let (svg, _) = try Self.render(Self.photoChat(src), .svg)
        for secret in ["SECRET-EXIF-DESCRIPTION", "SECRET-GPS-52", "SECRET-COMMENT", "SECRET-IPTC", "SECRET-AFTER-EOI", "Exif"] {
            #expect(!Self.contains(pdf, secret), "\(secret) is in the PDF")
        }
        // The SVG holds the photo as a JPEG in base64: the same picture, without the metadata.
        let text = String(decoding: svg, as: UTF8.self)
        let embedded = text.components(separatedBy: "data:image/jpeg;base64,").dropFirst().map { String($0.prefix { $0 != "\"" }) }
        #expect(embedded.count == 1)
        for base64 in embedded {
            let jpeg = [UInt8](try #require(Data(base64Encoded: base64)))
            #expect(!JPEGSegmentsTests.contains(jpeg, "SECRET") && !JPEGSegmentsTests.contains(jpeg, "Exif"))
            #expect(try JPEGFixture.pixels(jpeg) == JPEGFixture.pixels(picture))
        }
        // The PDF embeds it as a JPEG (DCTDecode), drawn as the PNG draws it.
        let images = try Self.pdfImages(pdf)
        #expect(images.contains { $0[0] == "400" && $0[1] == "200" && $0[3] == "jpeg" }, "\(images)")
        let page = try IndependentDecoders.pdf(pdf, width: reference.width, height: reference.height)
        let frame = try Self.frame(of: src, in: layout)
        for (fx, fy) in [(0.3, 0.3), (0.7, 0.3), (0.3, 0.7), (0.7, 0.7)] {
            let (x, y) = (frame.x + frame.width * fx, frame.y + frame.height * fy)
            #expect(JPEGFixture.close(Self.colour(reference, x, y), Self.colour(page, x, y), tolerance: 12), "(\(fx), \(fy))")
        }
    }

    /// A 400 × 200 photo whose EXIF says Orientation 6 (a phone held upright) is a 200 × 400
    /// portrait, as `UIImage` shows it: a MessageKit photo sized by its image is twice as tall as
    /// wide, and the PNG and the PDF draw it turned 90° clockwise — its stored top-left quadrant
    /// (red) at the top right.
    @Test(.enabled(if: hasPoppler, "skipped: pdftoppm is not installed (scripts/install-deps --test)"))
    func anOrientedPhotoIsUprightInEveryFormat() throws {
        let stored = try JPEGFixture.make(width: 400, height: 200, colour: JPEGFixture.quadrants(width: 400, height: 200))
        let photo = JPEGFixture.inserting(JPEGFixture.exif(orientation: 6), into: stored)
        let header = try ImageDecoder.probe(Data(photo), maxPixels: 1_000_000)
        #expect((header.width, header.height, header.orientation) == (200, 400, .right))
        let src = Self.dataURI(photo)
        let json = Self.photoChat(src, messageKit: true)
        let (png, layout) = try Self.render(json, .png)
        #expect(layout.warnings.isEmpty, "\(layout.warnings)")
        let frame = try Self.frame(of: src, in: layout)
        #expect(abs(frame.height / frame.width - 2) < 0.02, "\(frame)")
        let (pdf, _) = try Self.render(json, .pdf)
        let reference = try RGBAImage(png: png)
        let page = try IndependentDecoders.pdf(pdf, width: reference.width, height: reference.height)
        // Upright: green, red at the top; yellow, blue at the bottom.
        let expected: [(Double, Double, UInt32)] = [
            (0.25, 0.25, 0x1E_B41E), (0.75, 0.25, 0xDC_1E1E), (0.25, 0.75, 0xF0_DC1E), (0.75, 0.75, 0x1E_3CDC),
        ]
        for (fx, fy, colour) in expected {
            let (x, y) = (frame.x + frame.width * fx, frame.y + frame.height * fy)
            #expect(JPEGFixture.close(Self.colour(reference, x, y), colour), "PNG at (\(fx), \(fy)): \(Self.colour(reference, x, y))")
            #expect(JPEGFixture.close(Self.colour(page, x, y), colour), "PDF at (\(fx), \(fy)): \(Self.colour(page, x, y))")
        }
    }

    /// A progressive JPEG with a scan out of sequence is refused like any corrupt image: the
    /// avatar's placeholder, and a warning at the field that names it.
    @Test func aJPEGOutOfProgressionIsThePlaceholderWithAWarning() throws {
        let progressive = try JPEGFixture.make(width: 64, height: 64, progressive: true) { _, _ in 0x33_6699 }
        let last = try #require(progressive.indices.last { progressive[$0] == 0xFF && progressive[$0 + 1] == 0xDA })
        let repeated = Array(progressive.dropLast(2)) + Array(progressive[last..<(progressive.count - 2)]) + [0xFF, 0xD9]
        let json = Data(
            #"""
            {"kind": "chat", "me": "u1", "now": "2026-11-29T12:00:00Z", "users": {"u2": {"displayName": "Ann", "avatar": "\#(Self.dataURI(repeated))"}},
             "messages": [{"id": "m", "from": "u2", "type": "text", "sentAt": "2026-11-29T11:00:00Z", "text": "Hi"}]}
            """#.utf8)
        let (_, layout) = try Self.render(json, .png)
        #expect(layout.warnings.count == 1)
        #expect(
            layout.warnings.first?.hasPrefix("users.u2.avatar: ") == true
                && layout.warnings.first?.contains("corrupt JPEG: Inconsistent progression sequence") == true, "\(layout.warnings)")
        let avatar = layout.items.first { $0.id == "m" }?.elements.first { $0.role == .avatar }?.content
        #expect(avatar == .box(fill: Theme.amityLight.avatarPlaceholder, corners: .all(20)))
    }

    /// Images with no translucent pixel reach Cairo as RGB24 — the pixels shared, not copied —
    /// so that Cairo's PDF and SVG surfaces need not look at every pixel's alpha each time one is
    /// drawn (160 avatars of a 6000 × 6000 WebP took 5 s of PDF); the others stay ARGB32.
    @Test func opaqueImagesAreRGB24() throws {
        func decoded(_ path: String) throws -> ImageDecoder.Decoded {
            try ImageDecoder.decode(Data(contentsOf: packageRoot.appendingPathComponent("examples/assets/\(path)")), maxPixels: 1_000_000)
        }
        for path in ["ann.jpg", "ann-cmyk.jpg", "bob.png", "bob.webp", "ann.gif", "sunset.png"] {
            #expect(try decoded(path).surface.isOpaqueFormat, "\(path)")
        }
        #expect(try ImageDecoder.decode(ImageSafetyTests.red, maxPixels: 100).surface.isOpaqueFormat)
        // RGBA PNGs (colour type 6): every alpha 255 — RGB24 — or one pixel translucent.
        for (alpha, opaque) in [(255, true), (254, false)] {
            let png = Self.rgbaPNG(
                width: 2, height: 2, pixels: [200, 30, 30, 255, 200, 30, 30, 255, 200, 30, 30, 255, 9, 9, 9, UInt8(alpha)])
            #expect(try ImageDecoder.decode(png, maxPixels: 100).surface.isOpaqueFormat == opaque, "alpha \(alpha)")
        }
        // The RGB24 surface shows the ARGB32 one's pixels, and keeps them after it is let go.
        var original: CairoSurface? = try CairoSurface(width: 3, height: 2)
        let data = try #require(original).withPixels { data, stride in
            for index in 0..<6 {
                UnsafeMutableRawPointer(data + index / 3 * stride).assumingMemoryBound(to: UInt32.self)[index % 3] =
                    0xFF00_0000 | UInt32(index)
            }
            return data
        }
        let view = try #require(original).opaqueView()
        #expect(view.isOpaqueFormat && cairo_image_surface_get_data(view.pointer) == data)
        original = nil
        let words = view.withPixels { data, stride in
            (0..<6).map { UnsafeRawPointer(data + $0 / 3 * stride).assumingMemoryBound(to: UInt32.self)[$0 % 3] & 0xFF_FFFF }
        }
        #expect(words == [0, 1, 2, 3, 4, 5])
    }

    /// An RGBA PNG (colour type 6, 8 bits) of straight RGBA `pixels`, its image data in stored
    /// (uncompressed) deflate blocks, with `extra` chunks before it and `trailing` after its end.
    static func rgbaPNG(width: Int, height: Int, pixels: [UInt8], extra: [(String, [UInt8])] = [], trailing: [UInt8] = []) -> Data {
        func uint32(_ value: UInt32) -> [UInt8] { [24, 16, 8, 0].map { UInt8(value >> UInt32($0) & 0xFF) } }
        func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
            let body = Array(type.utf8) + data
            return uint32(UInt32(data.count)) + body + uint32(body.withUnsafeBytes { ImageTests.crc32Checksum($0) })
        }
        var raw: [UInt8] = []
        for y in 0..<height { raw += [0] + pixels[(y * width * 4)..<((y + 1) * width * 4)] }
        var (a, b): (UInt32, UInt32) = (1, 0)
        for byte in raw { (a, b) = ((a + UInt32(byte)) % 65521, (b + (a + UInt32(byte)) % 65521) % 65521) }
        let length = UInt16(raw.count)
        let zlib =
            [0x78, 0x01, 0x01, UInt8(length & 0xFF), UInt8(length >> 8), UInt8(~length & 0xFF), UInt8(~length >> 8)] + raw
            + uint32(b << 16 | a)
        let header = uint32(UInt32(width)) + uint32(UInt32(height)) + [8, 6, 0, 0, 0]
        let chunks = chunk("IHDR", header) + extra.flatMap { chunk($0.0, $0.1) } + chunk("IDAT", zlib) + chunk("IEND", [])
        return Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + chunks + trailing)
    }

    /// A PNG's text, EXIF and animation chunks, and what follows its end, stay out of an SVG, which
    /// embeds the rest of the file as it is: the same picture.
    @Test func aPNGsMetadataStaysOutOfAnSVG() throws {
        let pixels: [UInt8] = [200, 30, 30, 255, 30, 60, 220, 255, 30, 180, 30, 255, 240, 220, 30, 255]
        let plain = [UInt8](Self.rgbaPNG(width: 2, height: 2, pixels: pixels))
        let exif = JPEGFixture.tiff([(0x010E, 2, 16, Array("SECRET-PNG-EXIF\0".utf8))], littleEndian: true)
        let tagged = Self.rgbaPNG(
            width: 2, height: 2, pixels: pixels,
            extra: [("tEXt", Array("Comment\0SECRET-PNG-TEXT".utf8)), ("eXIf", exif), ("acTL", [0, 0, 0, 1, 0, 0, 0, 0])],
            trailing: Array("SECRET-AFTER-IEND".utf8))
        #expect(PNGChunks.embeddable([UInt8](tagged)) == plain)
        #expect(PNGChunks.embeddable(plain) == plain)
        #expect(PNGChunks.embeddable(Array(plain.dropLast(12))) == nil)
        #expect(PNGChunks.embeddable(Array(plain.dropLast(14))) == nil)
        let src = "data:image/png;base64,\(tagged.base64EncodedString())"
        let (svg, layout) = try Self.render(Self.photoChat(src), .svg)
        #expect(layout.warnings.isEmpty, "\(layout.warnings)")
        let embedded = String(decoding: svg, as: UTF8.self).components(separatedBy: "data:image/png;base64,").dropFirst()
            .map { Data(base64Encoded: String($0.prefix { $0 != "\"" })) }
        #expect(embedded == [Data(plain)])
    }

    /// An opaque PNG is still embedded in an SVG as its own file (Cairo's MIME data on the RGB24 surface).
    @Test func anOpaquePNGIsStillEmbeddedAsItself() throws {
        let png = try Data(contentsOf: packageRoot.appendingPathComponent("examples/assets/bob.png"))
        let src = "data:image/png;base64,\(png.base64EncodedString())"
        let (svg, layout) = try Self.render(Self.photoChat(src), .svg)
        #expect(layout.warnings.isEmpty, "\(layout.warnings)")
        #expect(Self.contains(svg, String(png.base64EncodedString().prefix(200))))
    }
}
