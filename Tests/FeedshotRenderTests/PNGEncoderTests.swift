import CDeflate
import CPangoCairo
import Foundation
import Testing

@testable import FeedshotRender

/// The Huffman code builder against RFC 1951's own example and its limits.
struct HuffmanCodeTests {
    @Test func canonicalCodesFollowRFC1951() {
        // RFC 1951 §3.2.2: lengths (3, 3, 3, 3, 3, 2, 4, 4) give 010 011 100 101 110 00 1110 1111.
        let code = HuffmanCode(lengths: [3, 3, 3, 3, 3, 2, 4, 4])
        let expected: [UInt16] = [0b010, 0b011, 0b100, 0b101, 0b110, 0b00, 0b1110, 0b1111]
        for (symbol, value) in expected.enumerated() {
            #expect(code.codes[symbol] == HuffmanCode.reversed(value, bits: Int(code.lengths[symbol])))
        }
    }

    /// Σ 2^−length over the used symbols: exactly 1 for a complete prefix code.
    static func kraftSum(_ lengths: [UInt8]) -> Double {
        lengths.filter { $0 > 0 }.reduce(0) { $0 + pow(2, -Double($1)) }
    }

    @Test func deepTreesAreLimitedAndStayComplete() {
        // Fibonacci frequencies make the deepest possible Huffman tree (29 levels for 30 symbols).
        var fibonacci: [UInt32] = [1, 1]
        while fibonacci.count < 30 { fibonacci.append(fibonacci[fibonacci.count - 1] + fibonacci[fibonacci.count - 2]) }
        for limit in [7, 15] {
            let lengths = HuffmanCode.lengths(for: fibonacci, maxLength: limit)
            #expect(lengths.max()! == UInt8(limit))
            #expect(Self.kraftSum(lengths) == 1)
            // A more frequent symbol never has a longer code.
            for a in 0..<30 { for b in 0..<30 where fibonacci[a] > fibonacci[b] { #expect(lengths[a] <= lengths[b]) } }
        }
    }

    @Test func oneOrNoUsedSymbolsStillMakeAValidCode() {
        #expect(HuffmanCode.lengths(for: [0, 0, 0], maxLength: 15) == [0, 0, 0])
        #expect(HuffmanCode.lengths(for: [0, 0, 9], maxLength: 15) == [1, 0, 1])
        #expect(HuffmanCode.lengths(for: [9, 0, 0], maxLength: 15) == [1, 1, 0])
    }

    @Test func randomFrequenciesGiveCompleteLimitedCodes() {
        var generator = SplitMix(seed: 7)
        for _ in 0..<50 {
            let frequencies = (0..<286).map { _ in generator.next() % 4 == 0 ? 0 : UInt32(generator.next() % 100_000) }
            let lengths = HuffmanCode.lengths(for: frequencies, maxLength: 15)
            #expect(lengths.max()! <= 15)
            #expect(Self.kraftSum(lengths) == 1)
        }
    }
}

/// FastDeflater's streams decoded by libdeflate's decompressor (an independent implementation).
struct FastDeflaterTests {
    /// Compresses `data` in blocks of `blockSize` the way the PNG encoder does, window included.
    static func compress(_ data: [UInt8], blockSize: Int, pixelBytes: Int = 3) -> Data {
        let deflater = FastDeflater()
        let out = ByteBuffer(capacity: 1024)
        deflater.begin(out)
        var start = 0
        repeat {
            let count = min(blockSize, data.count - start)
            deflater.compress(
                data.span.extracting(0..<start + count), from: start, position: start, pixelBytes: pixelBytes,
                isFinal: start + count == data.count, into: out)
            start += count
        } while start < data.count
        deflater.finish(out)
        return out.takeData()
    }

    static func inflate(_ stream: Data, size: Int) -> [UInt8]? {
        guard let decompressor = libdeflate_alloc_decompressor() else { return nil }
        defer { libdeflate_free_decompressor(decompressor) }
        var output = [UInt8](repeating: 0, count: size + 1)
        var actual = 0
        let result = stream.withUnsafeBytes { input in
            output.withUnsafeMutableBytes {
                libdeflate_zlib_decompress(decompressor, input.baseAddress, input.count, $0.baseAddress, size + 1, &actual)
            }
        }
        return result == LIBDEFLATE_SUCCESS ? Array(output[0..<actual]) : nil
    }

    static func samples() -> [(String, [UInt8])] {
        var generator = SplitMix(seed: 42)
        let noise = (0..<300_000).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
        let pattern = (0..<1_000).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
        // Mostly zeros with sparse small values, like Up-filtered text.
        let sparse = (0..<400_000).map { _ in generator.next() % 16 == 0 ? UInt8(generator.next() % 7) : 0 }
        return [
            ("empty", []), ("one byte", [7]), ("zeros", [UInt8](repeating: 0, count: 1_000_000)),
            ("noise", noise), ("a pattern repeated 30,000 bytes apart", pattern + noise[0..<29_000] + pattern + pattern),
            ("sparse", sparse), ("ramp", (0..<70_000).map { UInt8(truncatingIfNeeded: $0 / 3) }),
        ]
    }

    @Test(arguments: [1 << 17, 4_096])
    func everyStreamInflatesToItsInput(blockSize: Int) {
        for (name, data) in Self.samples() {
            let stream = Self.compress(data, blockSize: blockSize)
            #expect(Self.inflate(stream, size: data.count) == data, "\(name), blocks of \(blockSize)")
        }
    }

    /// Blocks smaller than a pixel or a match: runs and matches reach across many blocks.
    @Test func tinyBlocksInflateToTheirInput() {
        for (name, data) in Self.samples() {
            let start = Array(data.prefix(3_000))
            #expect(Self.inflate(Self.compress(start, blockSize: 7), size: start.count) == start, "\(name)")
        }
    }

    @Test func runsAndRepeatsCompress() {
        let zeros = Self.compress([UInt8](repeating: 0, count: 1_000_000), blockSize: 1 << 17)
        #expect(zeros.count < 2_000, "a megabyte of zeros took \(zeros.count) bytes")
        let sparse = Self.samples().first { $0.0 == "sparse" }!.1
        #expect(Self.compress(sparse, blockSize: 1 << 17).count < sparse.count / 4)
    }
}

/// PNG files from the encoder decode, with libspng, to the pixels they were made from.
struct PNGRoundTripTests {
    static func image(width: Int, height: Int, translucent: Bool, seed: UInt64) -> RGBAImage {
        var generator = SplitMix(seed: seed)
        var pixels: [UInt8] = []
        pixels.reserveCapacity(width * height * 4)
        for index in 0..<(width * height) {
            // Flat areas with noise in some rows, as screenshots have.
            let noisy = (index / width) % 5 == 0
            let value = noisy ? UInt8(truncatingIfNeeded: generator.next()) : UInt8((index / width) % 256)
            pixels += [value, value &+ 40, 255 - value, translucent ? UInt8(index % 256) : 255]
        }
        return RGBAImage(width: width, height: height, pixels: pixels)
    }

    @Test(arguments: [(1, 1), (2, 3), (333, 77), (1, 5_000), (5_000, 1), (750, 200)])
    func imagesOfEveryShapeRoundTrip(size: (Int, Int)) throws {
        for translucent in [false, true] {
            let image = Self.image(width: size.0, height: size.1, translucent: translucent, seed: UInt64(size.0 * 31 + size.1))
            for level in [0, 1, 2, 6, 12] {
                let png = try image.pngData(compressionLevel: level)
                #expect(try RGBAImage(png: png) == image, "\(size.0) × \(size.1), translucent \(translucent), level \(level)")
                // Colour type 2 (RGB) for opaque images, 6 (RGBA) otherwise.
                #expect(png[25] == (translucent ? 6 : 2))
            }
        }
    }
}

/// The encoder keeps its buffers per thread: images encoded one after another on one thread —
/// other widths, changes in other places, an RGB attempt refused in the middle of a block, a
/// surface's rows and straight pixels — each decode to their own pixels.
struct EncoderReuseTests {
    /// `image`'s opaque or premultiplied pixels in a Cairo surface.
    static func surface(_ image: RGBAImage) throws -> CairoSurface {
        let surface = try CairoSurface(width: image.width, height: image.height)
        surface.withPixels { data, stride in
            for y in 0..<image.height {
                let row = UnsafeMutableRawPointer(data + y * stride).assumingMemoryBound(to: UInt32.self)
                for x in 0..<image.width {
                    let i = (y * image.width + x) * 4
                    let a = UInt32(image.pixels[i + 3])
                    func premultiplied(_ c: UInt8) -> UInt32 { (UInt32(c) * a + 127) / 255 }
                    row[x] =
                        a << 24 | premultiplied(image.pixels[i]) << 16 | premultiplied(image.pixels[i + 1]) << 8
                        | premultiplied(image.pixels[i + 2])
                }
            }
        }
        cairo_surface_mark_dirty(surface.pointer)
        return surface
    }

    @Test func imagesOneAfterAnotherOnOneThreadDecodeToTheirPixels() throws {
        var generator = SplitMix(seed: 99)
        var images: [RGBAImage] = []
        for (width, height, translucentRow) in [
            (750, 400, nil), (750, 400, 300), (333, 77, nil), (5_000, 3, nil), (751, 300, 150), (751, 300, nil), (64, 900, nil),
        ] as [(Int, Int, Int?)] {
            // A flat colour with noisy patches at random places: each image dirties other bytes.
            var image = RGBAImage(width: width, height: height, fill: (200, 210, 220, 255))
            for _ in 0..<12 {
                let top = Int(generator.next() % UInt64(height)), left = Int(generator.next() % UInt64(width))
                for y in top..<min(height, top + 1 + Int(generator.next() % 40)) {
                    for x in left..<min(width, left + 1 + Int(generator.next() % 200)) {
                        let i = (y * width + x) * 4
                        for c in 0..<3 { image.pixels[i + c] = UInt8(truncatingIfNeeded: generator.next()) }
                    }
                }
            }
            if let translucentRow {
                let i = (translucentRow * width + Int(generator.next() % UInt64(width))) * 4
                image.pixels[i + 3] = 200
                image.pixels[i] = 50  // at most the alpha: a premultiplied pixel that exists
            }
            images.append(image)
        }
        for round in 0..<2 {
            for image in images {
                let viaSurface = try PNGEncoder().encode(Self.surface(image))
                let fromSurface = try RGBAImage(png: viaSurface)
                let straight = try RGBAImage(png: image.pngData())
                #expect(straight == image, "\(image.width) × \(image.height), straight pixels, round \(round)")
                // Through a surface the colour is premultiplied and back: compare with libdeflate's path.
                let reference = try RGBAImage(png: PNGEncoder(compressionLevel: 6).encode(Self.surface(image)))
                #expect(fromSurface == reference, "\(image.width) × \(image.height), surface rows, round \(round)")
                if !image.pixels.enumerated().contains(where: { $0.offset % 4 == 3 && $0.element != 255 }) {
                    #expect(fromSurface == image, "\(image.width) × \(image.height), opaque surface, round \(round)")
                }
                #expect(Self.scratchIsZero(), "\(image.width) × \(image.height): the rows' buffer is left zero, round \(round)")
            }
        }
    }

    /// Whether this thread's block buffer, made by the encodes before, holds zeros after the
    /// history window: the row filters write over zeros (`PNGEncoder.RowFilter`), so every encode
    /// must leave it so. False when no encode on this thread has made the buffer.
    static func scratchIsZero() -> Bool {
        let filtered = PNGEncoder.scratch.value.filtered
        return filtered.count > FastDeflater.window && filtered[FastDeflater.window...].allSatisfy { $0 == 0 }
    }

    /// Rows of noise that fail at row `failing` (as a render past its deadline does).
    final class FailingRows: PixelRows {
        static let size = (width: 300, height: 400)
        let width = FailingRows.size.width
        let height = FailingRows.size.height
        let failing: Int
        let pixels: [UInt32]
        init(failing: Int) {
            self.failing = failing
            var generator = SplitMix(seed: 5)
            pixels = (0..<Self.size.width * Self.size.height).map { _ in
                0xFF00_0000 | UInt32(truncatingIfNeeded: generator.next()) & 0xFF_FFFF
            }
        }
        func withRow(_ y: Int, _ body: PixelRowBody) throws(RenderError) -> Bool {
            guard y < failing else { throw RenderError.deadlineExceeded }
            let row = Array(pixels[y * width..<(y + 1) * width])
            guard y > 0 else { return try body(row.span, nil, nil) }
            let above = Array(pixels[(y - 1) * width..<y * width])
            return try body(row.span, above.span, nil)
        }
    }

    @Test func anErrorInTheMiddleOfABlockLeavesTheBufferZero() throws {
        for failing in [1, 150, 399] {
            #expect(throws: RenderError.self) { try PNGEncoder().encode { FailingRows(failing: failing) } }
            #expect(Self.scratchIsZero(), "failing at row \(failing)")
            // The next image on this thread is whole.
            let image = PNGRoundTripTests.image(width: 200, height: 120, translucent: false, seed: UInt64(failing))
            let png = try PNGEncoder().encode(Self.surface(image))
            #expect(try RGBAImage(png: png) == image)
        }
    }
}

/// A small deterministic generator for test data.
struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
