import CPangoCairo
import FeedshotLayout
import FeedshotRender
import Foundation
import Testing

/// Image references, decoding limits and the PNG writer.
struct ImageTests {
    static let assets = packageRoot.appendingPathComponent("examples")

    func avatarLayout(_ ref: String, root: URL? = ImageTests.assets) throws -> Layout {
        let escaped = String(data: try JSONEncoder().encode(ref), encoding: .utf8)!
        let json = Data("""
            {"kind": "chat", "me": "u1", "now": "2026-11-29T12:00:00Z", "users": {"u2": {"displayName": "Ann", "avatar": \(escaped)}},
             "messages": [{"id": "m", "from": "u2", "type": "text", "sentAt": "2026-11-29T11:00:00Z", "text": "Hi"}]}
            """.utf8)
        var options = RenderOptions()
        options.images.assetRoot = root
        return try Feedshot.layout(Feedshot.decode(json, options: options), options: options)
    }

    func avatar(_ layout: Layout) -> ElementContent? {
        layout.items.first { $0.id == "m" }?.elements.first { $0.role == .avatar }?.content
    }

    @Test(arguments: ["assets/ann.jpg", "assets/bob.png"])
    func jpegAndPNGAvatarsDecode(ref: String) throws {
        let layout = try avatarLayout(ref)
        #expect(layout.warnings.isEmpty)
        #expect(avatar(layout) == .image(ref: ref, cornerRadius: 20))
    }

    @Test func dataURIsDecode() throws {
        let png = try Data(contentsOf: Self.assets.appendingPathComponent("assets/bob.png"))
        let layout = try avatarLayout("data:image/png;base64," + png.base64EncodedString(), root: nil)
        #expect(layout.warnings.isEmpty)
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
        ("truncated", "corrupt PNG"),
        ("text", "not a PNG or JPEG image"),
        ("../Package.swift", "leaves the asset root"),
        ("/etc/passwd", "leaves the asset root"),
        ("https://example.com/a.png", "remote images are not fetched (https URL; allow its host with --allow-image-hosts)"),
        ("assets/nope.png", "no file at \"assets/nope.png\" under the asset root"),
    ])
    func badImagesDrawThePlaceholderAndWarn(kind: String, expected: String) throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("feedshot-img-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        try Self.pngHeader(width: 100_000, height: 100_000).write(to: dir.appendingPathComponent("bomb"))
        try Data(try Data(contentsOf: Self.assets.appendingPathComponent("assets/bob.png")).prefix(120)).write(to: dir.appendingPathComponent("truncated"))
        try Data("hello".utf8).write(to: dir.appendingPathComponent("text"))
        let root = kind.hasPrefix("assets/") || kind.hasPrefix("../") ? Self.assets : dir
        let layout = try avatarLayout(kind, root: root)
        #expect(layout.warnings.count == 1)
        #expect(layout.warnings.first?.contains(expected) == true, "\(layout.warnings)")
        #expect(avatar(layout) == .box(fill: Theme.amityLight.avatarPlaceholder, corners: .all(20)))
        // And it still renders.
        #expect(try Feedshot.render(Feedshot.decode(Data(#"{"kind": "chat", "me": "u1", "users": {"u2": {"avatar": "bomb"}}, "messages": [{"id": "m", "from": "u2", "type": "text", "sentAt": "2026-11-29T11:00:00Z", "text": "Hi"}]}"#.utf8))).count > 100)
    }

    /// Decodes PNG bytes with Cairo's own reader (libpng): independent of the libspng writer.
    static func decodeWithCairo(_ png: Data) -> (width: Int, height: Int, argb: [UInt32])? {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("feedshot-\(UUID().uuidString).png").path
        guard FileManager.default.createFile(atPath: path, contents: png) else { return nil }
        defer { try? FileManager.default.removeItem(atPath: path) }
        guard let surface = cairo_image_surface_create_from_png(path), cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else { return nil }
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
