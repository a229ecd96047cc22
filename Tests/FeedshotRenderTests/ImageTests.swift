import CPangoCairo
import Foundation
import Testing

@testable import FeedshotLayout
@testable import FeedshotRender

/// Image references, decoding limits and the PNG writer.
struct ImageTests {
    static let assets = packageRoot.appendingPathComponent("examples")

    /// The layout a render draws (images decoded), with `ref` as Ann's avatar.
    func avatarLayout(_ ref: String, root: URL? = ImageTests.assets) throws -> Layout {
        let escaped = String(data: try JSONEncoder().encode(ref), encoding: .utf8)!
        let json = Data(
            """
            {"kind": "chat", "me": "u1", "now": "2026-11-29T12:00:00Z", "users": {"u2": {"displayName": "Ann", "avatar": \(escaped)}},
             "messages": [{"id": "m", "from": "u2", "type": "text", "sentAt": "2026-11-29T11:00:00Z", "text": "Hi"}]}
            """.utf8)
        var options = RenderOptions()
        options.images.assetRoot = root
        return try Feedshot.renderWithLayout(Feedshot.decode(json, options: options), options: options).layout
    }

    func avatar(_ layout: Layout) -> ElementContent? {
        layout.items.first { $0.id == "m" }?.elements.first { $0.role == .avatar }?.content
    }

    @Test(arguments: ["assets/ann.jpg", "assets/bob.png", "assets/bob.webp", "assets/ann.gif"])
    func jpegPNGWebPAndGIFAvatarsDecode(ref: String) throws {
        let layout = try avatarLayout(ref)
        #expect(layout.warnings.isEmpty)
        #expect(avatar(layout) == .image(ref: ref, cornerRadius: 20))
    }

    @Test func dataURIsDecode() throws {
        let png = try Data(contentsOf: Self.assets.appendingPathComponent("assets/bob.png"))
        let layout = try avatarLayout("data:image/png;base64," + png.base64EncodedString(), root: nil)
        #expect(layout.warnings.isEmpty)
    }

    /// A picture in a plain (percent-encoded) `data:` URI, as RFC 2397 allows: its bytes are not
    /// UTF-8, which `removingPercentEncoding` required ("not valid percent-encoding").
    @Test func aPercentEncodedPictureDecodesToItsBytes() throws {
        let png = try Data(contentsOf: Self.assets.appendingPathComponent("assets/bob.png"))
        // Every byte escaped but letters and digits, in either case of hexadecimal.
        let escaped = png.map { byte in
            (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
                ? String(UnicodeScalar(byte)) : String(format: byte % 2 == 0 ? "%%%02X" : "%%%02x", byte)
        }.joined()
        #expect(try ImageSource().dataURI("data:image/png," + escaped) == png)
        #expect(try avatarLayout("data:image/png," + escaped, root: nil).warnings.isEmpty)
        // Text round-trips as Foundation decodes it.
        let text = "a%20b%C3%A9c"
        #expect(DataURI.percentDecoded(text).map { String(decoding: $0, as: UTF8.self) } == text.removingPercentEncoding)
        for bad in ["%", "%4", "%G0", "ab%2"] {
            #expect(DataURI.percentDecoded(bad) == nil, "\(bad)")
            #expect(throws: (any Error).self) { try ImageSource().dataURI("data:image/png," + bad) }
        }
    }

    static func pngHeader(width: UInt32, height: UInt32) -> Data {
        var ihdr = Data("IHDR".utf8)
        for value in [width, height] { withUnsafeBytes(of: value.bigEndian) { ihdr.append(contentsOf: $0) } }
        ihdr.append(contentsOf: [8, 6, 0, 0, 0])
        let crc = ihdr.withUnsafeBytes { UInt32(crc32Checksum($0)) }
        var data = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13])
        data.append(ihdr)
        withUnsafeBytes(of: crc.bigEndian) { data.append(contentsOf: $0) }
        return data
    }

    static func crc32Checksum(_ bytes: UnsafeRawBufferPointer) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }

    @Test(arguments: [
        ("bomb", "image is 100000 × 100000 pixels, more than the limit of 40000000 pixels"),
        ("gifbomb", "image is 65535 × 65535 pixels, more than the limit of 40000000 pixels"),
        ("badwebp", "corrupt WebP"),
        ("truncated", "corrupt PNG"),
        ("text", "not a PNG, JPEG, WebP or GIF image"),
        ("../Package.swift", "leaves the asset root"),
        ("/etc/passwd", "leaves the asset root"),
        ("https://example.com/a.png", "remote images are not fetched (https URL; allow its host with --allow-image-hosts)"),
        ("ftp://example.com/a.png", "remote images are fetched over http and https only (ftp URL)"),
        ("assets/nope.png", "no file at \"assets/nope.png\" under the asset root"),
    ])
    func badImagesDrawThePlaceholderAndWarn(kind: String, expected: String) throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("feedshot-img-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        try Self.pngHeader(width: 100_000, height: 100_000).write(to: dir.appendingPathComponent("bomb"))
        try Data(try Data(contentsOf: Self.assets.appendingPathComponent("assets/bob.png")).prefix(120)).write(
            to: dir.appendingPathComponent("truncated"))
        try Data("hello".utf8).write(to: dir.appendingPathComponent("text"))
        // A GIF screen descriptor declaring 65535 × 65535, a 1 × 1 frame's descriptor, then nothing.
        try Data(Array("GIF89a".utf8) + [0xFF, 0xFF, 0xFF, 0xFF, 0, 0, 0] + [0x2C, 0, 0, 0, 0, 1, 0, 1, 0, 0])
            .write(to: dir.appendingPathComponent("gifbomb"))
        try Data(Array("RIFF".utf8) + [40, 0, 0, 0] + Array("WEBPVP8 ".utf8) + [1, 2, 3, 4]).write(
            to: dir.appendingPathComponent("badwebp"))
        let root = kind.hasPrefix("assets/") || kind.hasPrefix("../") ? Self.assets : dir
        let layout = try avatarLayout(kind, root: root)
        #expect(layout.warnings.count == 1)
        #expect(layout.warnings.first?.contains(expected) == true, "\(layout.warnings)")
        #expect(avatar(layout) == .box(fill: Theme.amityLight.avatarPlaceholder, corners: .all(20)))
        // And it still renders.
        #expect(
            try Feedshot.render(
                Feedshot.decode(
                    Data(
                        #"{"kind": "chat", "me": "u1", "users": {"u2": {"avatar": "bomb"}}, "messages": [{"id": "m", "from": "u2", "type": "text", "sentAt": "2026-11-29T11:00:00Z", "text": "Hi"}]}"#
                            .utf8))
            ).count > 100)
    }

    /// An allow-list entry without a port allows the host on every port; with one, that port only
    /// (80 and 443 when the URL names none).
    @Test func anAllowedHostsPortIsEnforcedWhenItsEntryNamesOne() throws {
        let entries = try ["Img.Example.com", "cdn.example.com:8443", "[::1]:8080", "10.0.0.1:80", " [FE80::1] "].map {
            entry throws(ImageSource.HostEntryError) in try ImageSource.allowedHost(entry)
        }
        #expect(entries == ["img.example.com", "cdn.example.com:8443", "[::1]:8080", "10.0.0.1:80", "fe80::1"])
        let source = ImageSource(allowedHosts: Set(entries))
        let verdicts = [
            "http://img.example.com:9/a.png": true, "https://IMG.example.com/a.png": true,
            "https://cdn.example.com:8443/a.png": true, "https://cdn.example.com/a.png": false,
            "http://[::1]:8080/a.png": true, "http://[::1]/a.png": false, "http://10.0.0.1/a.png": true,
            "https://10.0.0.1/a.png": false, "http://[fe80::1]:1234/a.png": true, "ftp://img.example.com/a.png": false,
        ]
        for (url, allowed) in verdicts { #expect(source.allows(try #require(URL(string: url))) == allowed, "\(url)") }
        for (entry, problem) in [
            ("http://a.com", "without a scheme or path"), ("a.com/x", "without a scheme or path"), ("me@a.com", "without a scheme"),
            ("a.com:0", "from 1 to 65535"), ("a.com:http", "from 1 to 65535"), ("[::1", "does not close it"),
            ("[::1]x", "only :port may follow"), (":80", "names no host"), ("a.com:80:90", "written [address]:port"),
            ("a.com:+80", "from 1 to 65535"), ("[::1]:", "from 1 to 65535"), ("[nope]:80", "written [address]:port"),
        ] {
            do {
                Issue.record("\(entry) was taken as \(try ImageSource.allowedHost(entry))")
            } catch {
                #expect(error.description.contains(problem), "\(entry): \(error)")
            }
        }
    }

    /// A JPEG of more scans than `maxJPEGScans` is refused before libjpeg-turbo passes over it
    /// once per scan; a real one (beach.jpg) is counted and decoded as before.
    @Test func aJPEGOfThousandsOfScansIsRefusedBeforeDecoding() throws {
        let beach = [UInt8](try Data(contentsOf: Self.assets.appendingPathComponent("assets/beach.jpg")))
        let scans = ImageDecoder.jpegScans(beach)
        #expect(scans >= 1 && scans <= 20)
        #expect(try ImageDecoder.decode(Data(beach), maxPixels: 40_000_000).damage == nil)
        // The same file with 300 more start-of-scan segments after its last scan.
        let scan: [UInt8] = [0xFF, 0xDA, 0x00, 0x08, 0x01, 0x01, 0x00, 0x00, 0x3F, 0x00]
        let eoi = try #require(beach.lastIndex(of: 0xD9)) - 1
        let bomb = Array(beach[..<eoi]) + Array([[UInt8]](repeating: scan, count: 300).joined()) + [0xFF, 0xD9]
        #expect(ImageDecoder.jpegScans(bomb) == scans + 300)
        #expect {
            try ImageDecoder.decode(Data(bomb), maxPixels: 40_000_000)
        } throws: { error in
            "\(error)".contains("corrupt JPEG: \(scans + 300) scans, more than the limit of 256")
        }
    }

    /// Decodes PNG bytes with Cairo's own reader (libpng): independent of the libspng writer.
    static func decodeWithCairo(_ png: Data) -> (width: Int, height: Int, argb: [UInt32])? {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("feedshot-\(UUID().uuidString).png").path
        guard FileManager.default.createFile(atPath: path, contents: png) else { return nil }
        defer { try? FileManager.default.removeItem(atPath: path) }
        guard let surface = cairo_image_surface_create_from_png(path), cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else {
            return nil
        }
        defer { cairo_surface_destroy(surface) }
        let width = Int(cairo_image_surface_get_width(surface)), height = Int(cairo_image_surface_get_height(surface))
        let stride = Int(cairo_image_surface_get_stride(surface))
        let data = cairo_image_surface_get_data(surface)!
        var pixels: [UInt32] = []
        for y in 0..<height {
            let row = UnsafeRawPointer(data + y * stride).assumingMemoryBound(to: UInt32.self)
            for x in 0..<width { pixels.append(row[x] | 0xFF00_0000) }
        }
        return (width, height, pixels)
    }

    @Test func thePNGWriterRoundTripsThroughAnIndependentDecoder() throws {
        let json = try Data(contentsOf: packageRoot.appendingPathComponent("goldens/message-types.json"))
        var options = RenderOptions()
        options.images.assetRoot = Self.assets
        let png = try Feedshot.render(Feedshot.decode(json), options: options)
        let ours = try RGBAImage(png: png)
        let cairo = try #require(Self.decodeWithCairo(png))
        #expect(cairo.width == ours.width && cairo.height == ours.height)
        var mismatches = 0
        for index in 0..<(ours.width * ours.height) {
            let p = ours.pixels[(index * 4)..<(index * 4 + 4)].map(UInt32.init)
            if cairo.argb[index] != (0xFF00_0000 | p[0] << 16 | p[1] << 8 | p[2]) { mismatches += 1 }
        }
        #expect(mismatches == 0)
    }

    @Test func compressionLevelsGiveTheSamePixels() throws {
        let json = try Data(contentsOf: packageRoot.appendingPathComponent("goldens/text-short.json"))
        var fast = RenderOptions(), small = RenderOptions()
        fast.compressionLevel = 1
        small.compressionLevel = 9
        let a = try RGBAImage(png: Feedshot.render(json: json, options: fast))
        let b = try RGBAImage(png: Feedshot.render(json: json, options: small))
        #expect(a == b)
    }
}

/// A picture scaled up to fill its frame keeps its colour out to the frame's edge.
struct PictureEdgeTests {
    /// A 2 × 2 PNG, every pixel (200, 30, 30).
    static let redSquare =
        "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR42mM8ISfHwMDAxMDAwMDAAAANBAEIf62CUQAAAABJRU5ErkJggg=="

    static let post = Data(
        """
        {"kind": "feed", "width": 375, "scale": 2, "now": "2026-11-29T12:00:00Z",
         "posts": [{"id": "p", "dataType": "image", "author": {"id": "u2", "displayName": "Ann"},
          "createdAt": "2026-11-29T10:00:00Z", "images": [{"src": "\(redSquare)"}]}]}
        """.utf8)

    /// Core Animation clamps a scaled layer's contents to their edge pixels; Cairo's default samples
    /// nothing past the image, and a 2 × 2 photo filling its frame faded to white across half a
    /// source pixel along the edges the image met (found by looking at a tiny thumbnail).
    @Test func anUpscaledPhotoIsItsColourUpToTheFramesEdge() throws {
        let (png, layout) = try Feedshot.renderWithLayout(Feedshot.decode(Self.post, options: RenderOptions()), options: RenderOptions())
        let photo = try #require(
            layout.items.flatMap(\.elements).first {
                guard case .image = $0.content else { return false }
                return $0.role == .tile
            })
        let image = try RGBAImage(png: png)
        // The frame's outermost device pixels, a corner radius (4 points) and more from its ends.
        let (left, right) = (Int(photo.frame.minX * 2) + 16, Int(photo.frame.maxX * 2) - 17)
        let (top, bottom) = (Int(photo.frame.minY * 2) + 16, Int(photo.frame.maxY * 2) - 17)
        for (x, y) in [
            (left, Int(photo.frame.minY * 2)), (right, Int(photo.frame.maxY * 2) - 1), (Int(photo.frame.minX * 2), top),
            (Int(photo.frame.maxX * 2) - 1, bottom), ((left + right) / 2, (top + bottom) / 2),
        ] {
            let pixel = image.pixel(x, y)
            #expect(pixel.r == 200 && pixel.g == 30 && pixel.b == 30 && pixel.a == 255, "(\(x), \(y)): \(pixel)")
        }
    }

    /// A picture too large for the render's cache (a photo across a wide canvas) is kept alone
    /// for the next strip it spans: each strip drew it anew, a 10,200 × 3,900-pixel photo six
    /// times (11 s, past the server's deadline).
    @Test func aPictureTooLargeToCacheIsDrawnOnceForAllItsStrips() throws {
        let image = try CairoSurface(width: 4, height: 4)
        let pictures = Pictures(reuses: true)
        // 2,100 × 2,100 pixels: 17 MiB, past the cache's 16.
        let large = Rect(x: 0, y: 0, width: 2_100, height: 2_100)
        let first = try pictures.placed(image, ref: "a", frame: large, corners: .none, scale: 1)
        #expect(first.surface.width * first.surface.height * 4 > Pictures.capacity * 1024)
        #expect(try pictures.placed(image, ref: "a", frame: large, corners: .none, scale: 1).surface === first.surface)
        // One is kept at a time: another large picture takes its place.
        let other = try pictures.placed(image, ref: "b", frame: large, corners: .none, scale: 1)
        #expect(other.surface !== first.surface)
        #expect(try pictures.placed(image, ref: "a", frame: large, corners: .none, scale: 1).surface !== first.surface)
        // Without reuse (caches off), every call draws.
        let fresh = Pictures(reuses: false)
        let once = try fresh.placed(image, ref: "a", frame: large, corners: .none, scale: 1)
        #expect(try fresh.placed(image, ref: "a", frame: large, corners: .none, scale: 1).surface !== once.surface)
    }

    /// On a vector page the viewer scales the photo: it stays one image, not a pattern Cairo
    /// would tile (SVG) or a cropped copy it would draw in its place (PDF).
    @Test func aVectorPageKeepsThePhotoAnImage() throws {
        var options = RenderOptions()
        options.format = .svg
        let svg = String(decoding: try Feedshot.render(json: Self.post, options: options), as: UTF8.self)
        #expect(svg.contains("<image"))
        #expect(!svg.contains("<pattern"))
    }
}

/// Decoded WebP and GIF pixels match PNG versions of the same images.
struct WebPAndGIFTests {
    @Test func webpAndGifAvatarsDrawTheirPixels() throws {
        func render(_ ref: String) throws -> RGBAImage {
            let json = Data(
                #"{"kind": "message", "me": "u1", "users": {"u2": {"avatar": "\#(ref)"}}, "message": {"id": "m", "from": "u2", "type": "text", "sentAt": "2026-11-29T11:00:00Z", "text": "Hi"}}"#
                    .utf8)
            var options = RenderOptions()
            options.images.assetRoot = ImageTests.assets
            let (png, layout) = try Feedshot.renderWithLayout(Feedshot.decode(json, options: options), options: options)
            #expect(layout.warnings.isEmpty, "\(ref): \(layout.warnings)")
            return try RGBAImage(png: png)
        }
        let png = try render("assets/bob.png"), webp = try render("assets/bob.webp")
        // The avatar's centre: lossy WebP at quality 90 stays within a few levels of the PNG.
        let (a, b) = (png.pixel(72, 64), webp.pixel(72, 64))
        #expect(abs(Int(a.r) - Int(b.r)) < 12 && abs(Int(a.g) - Int(b.g)) < 12 && abs(Int(a.b) - Int(b.b)) < 12)
        let gif = try render("assets/ann.gif"), jpeg = try render("assets/ann.jpg")
        let (c, d) = (gif.pixel(72, 64), jpeg.pixel(72, 64))
        #expect(abs(Int(c.r) - Int(d.r)) < 24 && abs(Int(c.g) - Int(d.g)) < 24 && abs(Int(c.b) - Int(d.b)) < 24)
        // An animated WebP shows its first frame (Bob; the second is Ann), and a CMYK JPEG its
        // colours: both were drawn as placeholders ("corrupt WebP", "Unsupported color conversion").
        let animated = try render("assets/bob-animated.webp"), cmyk = try render("assets/ann-cmyk.jpg")
        for (x, y) in [(72, 64), (40, 40), (60, 90)] {
            let (p, w, j, k) = (png.pixel(x, y), animated.pixel(x, y), jpeg.pixel(x, y), cmyk.pixel(x, y))
            #expect(abs(Int(p.r) - Int(w.r)) < 12 && abs(Int(p.g) - Int(w.g)) < 12 && abs(Int(p.b) - Int(w.b)) < 12, "\(p) \(w)")
            #expect(abs(Int(j.r) - Int(k.r)) < 24 && abs(Int(j.g) - Int(k.g)) < 24 && abs(Int(j.b) - Int(k.b)) < 24, "\(j) \(k)")
        }
    }
}

/// Where a GIF's first frame is drawn, and the size it is shown at (`ImageDecoder.gifCanvas`): the
/// rule Firefox, WebKit and Blink share. The size the header probe reports is the size decoded,
/// so the pixel budgets count what is decoded.
struct GIFCanvasTests {
    /// `ImageSafetyTests.red` (a 2 × 2 red GIF89a, its frame at (0, 0)) with another version
    /// (`"7"` or `"9"`), logical screen and frame offset.
    static func gif(version: Character = "9", screen: (Int, Int), frameAt offset: (Int, Int)) -> Data {
        var bytes = [UInt8](ImageSafetyTests.red.prefix(36))
        bytes[4] = version.asciiValue!
        (bytes[6], bytes[8]) = (UInt8(screen.0), UInt8(screen.1))
        (bytes[20], bytes[22]) = (UInt8(offset.0), UInt8(offset.1))
        return Data(bytes)
    }

    /// The decoded image as rows of "R" (opaque red) and "." (clear), after checking the probe
    /// reports its size.
    static func drawn(_ gif: Data) throws -> [String] {
        let header = try ImageDecoder.probe(gif, maxPixels: 100)
        let surface = try ImageDecoder.decode(gif, maxPixels: 100).surface
        #expect((header.width, header.height) == (surface.width, surface.height))
        return surface.withPixels { data, stride in
            (0..<surface.height).map { y in
                let row = UnsafeRawPointer(data + y * stride).assumingMemoryBound(to: UInt32.self)
                return String((0..<surface.width).map { x in row[x] == 0xFFFF_0000 ? "R" : row[x] == 0 ? "." : "?" })
            }
        }
    }

    @Test func theFirstFrameLiesOnTheLogicalScreenUnlessItIsLarger() throws {
        #expect(ImageSafetyTests.red[35] == 0x3B, "the fixture's trailer moved")
        #expect(try Self.drawn(Self.gif(screen: (2, 2), frameAt: (0, 0))) == ["RR", "RR"])
        // A frame on a larger screen, at its offset; the rest is clear (giflib's frame alone was drawn).
        #expect(try Self.drawn(Self.gif(screen: (4, 3), frameAt: (2, 1))) == ["....", "..RR", "..RR"])
        // Past the screen's edge, cut at it.
        #expect(try Self.drawn(Self.gif(screen: (3, 3), frameAt: (2, 2))) == ["...", "...", "..R"])
        #expect(try Self.drawn(Self.gif(screen: (2, 2), frameAt: (9, 9))) == ["..", ".."])
        // Wider or taller than the screen: the frame's size, at the origin (a 1 × 1 screen over a
        // 6000 × 6000 frame decoded 36 megapixels that every budget counted as one).
        #expect(try Self.drawn(Self.gif(screen: (1, 1), frameAt: (5, 5))) == ["RR", "RR"])
        #expect(try Self.drawn(Self.gif(screen: (4, 1), frameAt: (1, 0))) == ["RR", "RR"])
        // A GIF87a is shown at its first frame's size.
        #expect(try Self.drawn(Self.gif(version: "7", screen: (4, 3), frameAt: (2, 1))) == ["RR", "RR"])
    }

    @Test func blocksBeforeTheFirstFrameAreWalkedAndTheirEndsChecked() throws {
        let red = [UInt8](ImageSafetyTests.red.prefix(36))
        // A comment extension (label 0xFE) of two sub-blocks before the image descriptor.
        let comment: [UInt8] = [0x21, 0xFE, 3, 0x61, 0x62, 0x63, 1, 0x64, 0]
        let commented = Data(red[..<19] + comment + red[19...])
        #expect(try Self.drawn(commented) == ["RR", "RR"])
        for (bytes, message) in [
            (Array(red[..<19]) + [0x21, 0xFE, 200, 0x61], "corrupt GIF"),
            (Array(red[..<19]) + [0x3B], "GIF has no image"),
            (Array(red[..<19]) + [0x2C, 0, 0], "corrupt GIF"),
            (Array(red[..<19]) + [0x99], "corrupt GIF"),
        ] {
            let error = #expect(throws: ImageLoadError.self) { try ImageDecoder.probe(Data(bytes), maxPixels: 100) }
            #expect(error?.description == message, "\(bytes)")
        }
    }
}

/// How long a fetched image may be reused, from its response's `Cache-Control` (RFC 9111 §5.2.2,
/// as a shared cache reads it).
struct CacheLifetimeTests {
    @Test(arguments: [
        ("max-age=60", 60), ("public, max-age=600", 600), ("max-age=60, s-maxage=5", 5), ("max-age=\"30\"", 30),
        ("no-store, max-age=60", 0), ("no-cache", 0), ("private, max-age=60", 0), ("public", 0), ("max-age=-5", 0),
        ("MAX-AGE=7", 7), ("max-age=abc", 0), (" public, max-age=60\r\n", 60), (",,max-age=9,", 9), ("", 0), ("=", 0),
    ])
    func theLifetimeIsTheSharedMaxAgeOrTheMaxAge(header: String, seconds: Int) {
        #expect(BodySink.lifetime(cacheControl: header) == seconds)
    }
}
