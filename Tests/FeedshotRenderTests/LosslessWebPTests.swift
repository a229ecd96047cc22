import Foundation
import Testing

@testable import FeedshotLayout
@testable import FeedshotRender

/// Feedshot's WebP lossless encoder (`LosslessWebP`), checked against libwebp's decoder (`dwebp`)
/// and RFC 9649's definitions: every file decodes to the pixels it was given, whatever the image,
/// its strips, the hints about changed columns, or the thread count.
struct LosslessWebPTests {
    /// Straight RGBA bytes of premultiplied ARGB words, as the PNG writes them.
    static func straight(_ pixels: [UInt32]) -> [UInt8] {
        pixels.flatMap { word -> [UInt8] in
            let s = PNGEncoder.unpremultiplied(word)
            return [UInt8(s >> 16 & 0xFF), UInt8(s >> 8 & 0xFF), UInt8(s & 0xFF), UInt8(s >> 24)]
        }
    }

    /// A premultiplied ARGB word from straight colour.
    static func premultiplied(_ a: UInt32, _ r: UInt32, _ g: UInt32, _ b: UInt32) -> UInt32 {
        a << 24 | (r * a + 127) / 255 << 16 | (g * a + 127) / 255 << 8 | (b * a + 127) / 255
    }

    /// Images that exercise each kind of symbol: noise (literals), a few colours with rows
    /// repeated (copies from above, before and far back, cache hits), translucent pixels, and runs
    /// longer than one reference can be.
    static func image(_ kind: String, width: Int, height: Int, seed: UInt64) -> [UInt32] {
        var generator = SplitMix(seed: seed)
        func next(_ bound: Int) -> Int { Int(generator.next() % UInt64(bound)) }
        switch kind {
        case "noise":
            return (0..<width * height).map { _ in 0xFF00_0000 | UInt32(truncatingIfNeeded: generator.next()) & 0xFF_FFFF }
        case "palette":
            let colours: [UInt32] = [
                0xFFFF_FFFF, 0xFF20_2020, 0xFF1A_5BE0, premultiplied(128, 255, 0, 0), premultiplied(3, 10, 200, 30), 0, 0xFFE0_E0E4,
            ]
            var pixels: [UInt32] = []
            for y in 0..<height {
                if y > 0 && next(3) == 0 {
                    pixels += pixels[(y - 1) * width..<y * width]  // a row repeated
                } else {
                    var x = 0
                    while x < width {
                        let run = 1 + next(9), colour = colours[next(colours.count)]
                        pixels += repeatElement(colour, count: min(run, width - x))
                        x += run
                    }
                }
            }
            return pixels
        default:  // "runs": one colour with a few specks
            var pixels = [UInt32](repeating: 0xFFF0_F0F0, count: width * height)
            for _ in 0..<3 { pixels[next(pixels.count)] = 0xFF00_0000 }
            return pixels
        }
    }

    @Test(arguments: [
        ("noise", 1, 1), ("noise", 1, 40), ("noise", 37, 13), ("palette", 2, 300), ("palette", 3, 97), ("palette", 64, 64),
        ("palette", 750, 30), ("runs", 5_000, 3), ("runs", 1, 9_000),
    ])
    func everyImageRoundTripsThroughLibwebp(kind: String, width: Int, height: Int) throws {
        let pixels = Self.image(kind, width: width, height: height, seed: UInt64(width * 31 + height))
        let expected = Self.straight(pixels)
        for stripRows in Set([1, 7, height]) {
            let webp = try LosslessWebP.encode(pixels: pixels, width: width, height: height, stripRows: stripRows)
            #expect(webp.starts(with: Array("RIFF".utf8)) && webp.dropFirst(8).starts(with: Array("WEBPVP8L".utf8)))
            #expect(webp.count % 2 == 0 && Int(webp[4]) | Int(webp[5]) << 8 | Int(webp[6]) << 16 == webp.count - 8, "RIFF size")
            let decoded = try IndependentDecoders.webp(webp)
            #expect(decoded.width == width && decoded.height == height)
            #expect(decoded.pixels == expected, "\(kind) \(width) × \(height) in strips of \(stripRows) rows")
        }
    }

    /// The columns of each row that differ from the row above, with `extra` columns around them:
    /// hints as a layout's strips give them (never fewer columns than differ).
    static func hints(_ pixels: [UInt32], width: Int, extra: Int) -> (Int) -> [Int32]? {
        { y in
            guard y > 0 else { return nil }
            var pairs: [Int32] = []
            for x in 0..<width where pixels[y * width + x] != pixels[(y - 1) * width + x] {
                let start = Int32(max(0, x - extra)), end = Int32(min(width, x + 1 + extra))
                if let last = pairs.last, last >= start { pairs[pairs.count - 1] = max(last, end) } else { pairs += [start, end] }
            }
            return pairs
        }
    }

    @Test func changedColumnsHintsKeepThePixels() throws {
        let (width, height) = (120, 90)
        let pixels = Self.image("palette", width: width, height: height, seed: 9)
        for extra in [0, 3, 200] {
            let webp = try LosslessWebP.encode(
                pixels: pixels, width: width, height: height, stripRows: 16, changedColumns: Self.hints(pixels, width: width, extra: extra))
            #expect(try IndependentDecoders.webp(webp).pixels == Self.straight(pixels), "hints widened by \(extra)")
        }
    }

    /// A tall layout (the bench's 50-message chat, 21 strips): the PNG's pixels, the same bytes on
    /// one, two or four threads (and on "0", which counts as one), at most half the PNG's size.
    @Test func aTallLayoutIsThePNGOnAnyThreadCountAtUnderHalfItsSize() throws {
        let json = try Data(contentsOf: packageRoot.appendingPathComponent("bench/chat-50.json"))
        var options = RenderOptions()
        options.images.assetRoot = packageRoot.appendingPathComponent("examples")
        let png = try Feedshot.render(json: json, options: options)
        options.format = .webp
        var files: [Data] = []
        for threads in [1, 2, 4, 0] {
            options.encodingThreads = threads
            files.append(try Feedshot.render(json: json, options: options))
        }
        #expect(files[0] == files[1] && files[0] == files[2] && files[0] == files[3])
        #expect(try IndependentDecoders.webp(files[0]).pixels == RGBAImage(png: png).pixels)
        #expect(files[0].count * 2 <= png.count, "\(files[0].count) B against the PNG's \(png.count) B")
    }

    /// A strip longer than a copy can reach back (2²⁰ − 120 pixels): the row repeated at its end
    /// is found by the hash table farther back than that, and must not be copied from there.
    @Test func noCopyReachesFartherThanVP8LAllows() throws {
        let (width, height) = (2_048, 600)
        var generator = SplitMix(seed: 21)
        let noise = (0..<width).map { _ in 0xFF00_0000 | UInt32(truncatingIfNeeded: generator.next()) & 0xFF_FFFF }
        var pixels = noise + [UInt32](repeating: 0xFFFF_FFFF, count: width * (height - 2)) + noise
        pixels[width * 300] = 0xFF00_0000  // a speck, so the rows between are not one run
        let webp = try LosslessWebP.encode(pixels: pixels, width: width, height: height, stripRows: height)
        #expect(try IndependentDecoders.webp(webp).pixels == Self.straight(pixels))
    }

    /// Length and distance values through their prefix codes and back, as the WebP lossless specification's §5.2.2's
    /// decoder reads them.
    @Test func prefixCodingIsTheRFCsDecoderBackwards() {
        func decoded(symbol: Int, extra: Int) -> Int {
            if symbol < 4 { return symbol + 1 }
            let extraBits = (symbol - 2) >> 1
            let offset = (2 + (symbol & 1)) << extraBits
            return offset + extra + 1
        }
        var generator = SplitMix(seed: 3)
        let values = Array(1...5_000) + (0..<5_000).map { _ in 1 + Int(generator.next() % (1 << 20)) } + [4_096, 1 << 20]
        for value in values {
            let coded = LosslessWebP.prefix(value)
            #expect(coded.symbol < 40 && coded.extra < 1 << coded.extraBits && coded.extraBits == max(0, (coded.symbol - 2) >> 1))
            #expect(decoded(symbol: coded.symbol, extra: coded.extra) == value, "\(value)")
        }
        // The longest copy's length is the last of the 24 length prefixes.
        #expect(LosslessWebP.prefix(LosslessWebP.Tokenizer.longestCopy).symbol == 23)
    }

    /// Code lengths through the code-length alphabet (deflate's coding, `DeflateTables`) and back,
    /// read as VP8L's §6.2.2 says (16 repeats the last non-zero length, which starts as 8; 17 and
    /// 18 are runs of zeros).
    @Test func codeLengthRunsReadBackAsTheLengths() {
        var generator = SplitMix(seed: 11)
        for trial in 0..<300 {
            let count = 1 + Int(generator.next() % 400)
            var lengths: [UInt8] = []
            while lengths.count < count {
                let value = trial % 3 == 0 ? UInt8(generator.next() % 16) : [0, 0, 8, 5][Int(generator.next() % 4)]
                lengths += repeatElement(value, count: min(count - lengths.count, 1 + Int(generator.next() % 150)))
            }
            var read: [UInt8] = []
            var lastNonZero: UInt8 = 8
            for run in DeflateTables.runLengthCoded(lengths) {
                switch run.symbol {
                case 16: read += repeatElement(lastNonZero, count: 3 + Int(run.extra))
                case 17: read += repeatElement(0, count: 3 + Int(run.extra))
                case 18: read += repeatElement(0, count: 11 + Int(run.extra))
                default:
                    read.append(run.symbol)
                    if run.symbol != 0 { lastNonZero = run.symbol }
                }
                #expect(run.extra < 1 << run.extraBits)
            }
            #expect(read == lengths, "trial \(trial)")
        }
    }
}
