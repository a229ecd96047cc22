import Foundation
import Testing

@testable import FeedshotRender

/// JPEG coded in strips and joined with restart markers (`JPEGEncoder.join`), checked against
/// libjpeg-turbo's own tools: `jpegtran -restart` adds the same restart interval to the file coded
/// in one piece without decoding it, and must write the joined file byte for byte; `djpeg` decodes
/// both to the same pixels.
struct JPEGStripTests {
    /// Opaque ARGB words: a flat background, noise, a gradient and a band of text-like strokes.
    static func image(width: Int, height: Int, seed: UInt64) -> [UInt32] {
        var generator = SplitMix(seed: seed)
        return (0..<(width * height)).map { index in
            let (x, y) = (index % width, index / width)
            let rgb: UInt32
            switch (x * 4 / width, y * 3 / height) {
            case (0, _): rgb = 0xF4_F5_F7
            case (1, 0), (2, 1): rgb = UInt32(truncatingIfNeeded: generator.next()) & 0xFF_FF_FF
            case (1, _): rgb = UInt32(x * 255 / width) << 16 | UInt32(y * 255 / height) << 8 | 0x40
            default: rgb = (x + y) % 7 < 2 ? 0x29_2B_32 : 0x1E_54_F5
            }
            return 0xFF00_0000 | rgb
        }
    }

    @Test(arguments: [(90, 203, 300, 32), (75, 203, 300, 32), (90, 64, 70, 8), (60, 750, 100, 16)])
    func stripsJoinedAreJpegtransRestartsOfTheWholeFile(quality: Int, width: Int, height: Int, stripRows: Int) throws {
        let encoder = JPEGEncoder(quality: ImageQuality(quality)!)
        let pixels = Self.image(width: width, height: height, seed: UInt64(quality * width))
        let joined = try encoder.encode(pixels: pixels, width: width, height: height, stripRows: stripRows)
        let whole = try encoder.encode(pixels: pixels, width: width, height: height, stripRows: (height / 16 + 1) * 16)
        let interval = stripRows / encoder.mcuSide * encoder.mcusPerRow(width: width)
        let restarted = try IndependentDecoders.withFile(whole, named: "whole.jpg") {
            try IndependentDecoders.run("jpegtran", ["-restart", "\(interval)B", $0.path])
        }
        let markers = zip(joined, joined.dropFirst()).filter { $0 == 0xFF && (0xD0...0xD7).contains($1) }.count
        #expect(markers == (height + stripRows - 1) / stripRows - 1, "a restart marker between strips")
        #expect(joined == restarted, "joined \(joined.count) B, jpegtran's \(restarted.count) B")
        #expect(try IndependentDecoders.jpeg(joined).pixels == (try IndependentDecoders.jpeg(whole).pixels))
    }
}

extension JPEGStripTests {
    /// The bench's 50-message chat (21 strips of 696 rows at 4:4:4, 21 of 688 at 4:2:0): the same
    /// bytes on one, two and four threads (and "0", which counts as one), and those
    /// `jpegtran -restart` writes for the PNG's pixels coded in one piece.
    @Test(arguments: [90, 80])
    func aTallLayoutIsOnePieceWithRestartsOnAnyThreadCount(quality: Int) throws {
        let json = try Data(contentsOf: packageRoot.appendingPathComponent("bench/chat-50.json"))
        var options = RenderOptions()
        options.images.assetRoot = packageRoot.appendingPathComponent("examples")
        let png = try RGBAImage(png: try Feedshot.render(json: json, options: options))
        options.format = .jpeg
        options.quality = ImageQuality(quality)
        var files: [Data] = []
        for threads in [1, 2, 4, 0] {
            options.encodingThreads = threads
            files.append(try Feedshot.render(json: json, options: options))
        }
        #expect(files[0] == files[1] && files[0] == files[2] && files[0] == files[3])

        let encoder = JPEGEncoder(quality: ImageQuality(quality)!)
        let words = (0..<(png.width * png.height)).map { index in
            let p = png.pixels[(index * 4)..<(index * 4 + 4)].map(UInt32.init)
            return p[3] << 24 | p[0] << 16 | p[1] << 8 | p[2]
        }
        let whole = try encoder.encode(pixels: words, width: png.width, height: png.height, stripRows: png.height + 16)
        let stripRows = encoder.stripRows(width: png.width)
        let interval = stripRows / encoder.mcuSide * encoder.mcusPerRow(width: png.width)
        let restarted = try IndependentDecoders.withFile(whole, named: "whole.jpg") {
            try IndependentDecoders.run("jpegtran", ["-restart", "\(interval)B", $0.path])
        }
        let markers = zip(files[0], files[0].dropFirst()).filter { $0 == 0xFF && (0xD0...0xD7).contains($1) }.count
        #expect(markers + 1 == (png.height + stripRows - 1) / stripRows && markers >= 20, "\(markers + 1) strips of \(stripRows) rows")
        #expect(files[0] == restarted, "\(files[0].count) B, jpegtran's \(restarted.count) B")
    }
}
