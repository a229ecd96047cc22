import CDeflate
import Foundation
import Synchronization
import Testing

@testable import FeedshotLayout
@testable import FeedshotRender

/// A tall PNG compressed in segments on several threads (`StripSegments`): the same bytes
/// whatever the thread count, decoding to the pixels of a single-threaded render.
struct StripSegmentsTests {
    /// The segments' Adler-32s combined equal the checksum of the whole (libdeflate's).
    @Test func adlerChecksumsCombine() {
        var generator = SplitMix(seed: 5)
        let bytes = (0..<300_000).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
        bytes.withUnsafeBufferPointer { all in
            let whole = libdeflate_adler32(1, all.baseAddress, all.count)
            for cut in [0, 1, 65_520, 65_521, 65_522, 131_042, 200_000, 300_000] {
                let first = libdeflate_adler32(1, all.baseAddress, cut)
                let second = libdeflate_adler32(1, all.baseAddress! + cut, all.count - cut)
                #expect(FastDeflater.adler32Combine(first, second, secondLength: all.count - cut) == whole, "cut at \(cut)")
            }
        }
    }

    /// Images of several segments, opaque and translucent, encoded on one thread: each segment
    /// ends on a byte boundary and the file decodes (libspng) to its pixels.
    @Test(arguments: [(750, 2_000), (64, 20_000), (1_500, 701)])
    func imagesOfSeveralSegmentsRoundTrip(size: (Int, Int)) throws {
        #expect(PNGEncoder.segments(height: size.1, width: size.0).count > 1)
        for translucent in [false, true] {
            let image = PNGRoundTripTests.image(width: size.0, height: size.1, translucent: translucent, seed: UInt64(size.0 + size.1))
            let png = try image.pngData(compressionLevel: 1)
            #expect(try RGBAImage(png: png) == image, "\(size.0) × \(size.1), translucent \(translucent)")
        }
    }

    static func render(_ path: String, threads: Int) throws -> Data {
        var options = RenderOptions()
        options.encodingThreads = threads
        options.images.assetRoot = packageRoot.appendingPathComponent("examples")
        return try Feedshot.render(json: Data(contentsOf: packageRoot.appendingPathComponent(path)), options: options)
    }

    /// The 50-message chat (21 strips) and the longest goldens: byte-identical files for 1, 2, 3
    /// and 8 threads, decoding to the pixels of the plain single-threaded path (whole rows
    /// compared, no changed columns).
    @Test(arguments: ["bench/chat-50.json", "goldens/message-types.json", "goldens/post-poll.json"])
    func everyThreadCountWritesTheSameBytes(path: String) throws {
        let single = try Self.render(path, threads: 1)
        for threads in [2, 3, 8] {
            let parallel = try Self.render(path, threads: threads)
            #expect(parallel == single, "\(path): \(threads) threads wrote \(parallel.count) bytes, one thread \(single.count)")
        }
        let image = try RGBAImage(png: single)
        #expect(PNGEncoder.segments(height: image.height, width: image.width).count > 1, "\(path) is one strip")
        let (layout, painter) = try StripRowsTests.prepared(Data(contentsOf: packageRoot.appendingPathComponent(path)))
        let plain = try RGBAImage(
            png: PNGEncoder().encode { () throws(RenderError) in try StripRows(layout, painter: painter, reportsChangedColumns: false) })
        #expect(image.hasThePixels(of: plain), "\(path): the pixels differ from the plain path's")
    }

    /// A translucent pixel in a tall image: the threads give up (nil, no error) and the RGBA
    /// file written on one thread decodes to the layout's pixels, translucent ones included.
    @Test func aTranslucentTallImageFallsBackToRGBA() throws {
        let text = StyledText("Hello", font: AmityFont.body.spec)
        let element = LayoutElement(
            role: .text, frame: Rect(x: 10, y: 700, width: 200, height: 30), content: .measuredText(text, width: 200))
        let layout = Layout(
            width: 375, height: 900, scale: 2, background: Color(red: 10, green: 20, blue: 30, alpha: 128),
            items: [LayoutItem(id: "t", type: "text", frame: Rect(x: 0, y: 0, width: 375, height: 900), elements: [element])])
        let painter = Painter(images: ImageStore(references: [], source: ImageSource()), pango: try PangoThreadContext.current())
        #expect(PNGEncoder.segments(height: layout.pixelHeight, width: layout.pixelWidth).count > 1)
        #expect(try StripSegments.encode(StripRows(layout, painter: painter), threads: 3) == nil)
        let png = try PNGEncoder().encode { () throws(RenderError) in try StripRows(layout, painter: painter) }
        #expect(png[25] == 6, "colour type 6 (RGBA)")
        let image = try RGBAImage(png: png)
        for (x, y) in [(0, 0), (700, 1_799)] {
            let pixel = image.pixel(x, y)
            // Premultiplied by Cairo and divided again: within a level of the colour asked for.
            #expect(pixel.a == 128 && abs(Int(pixel.r) - 10) <= 1 && abs(Int(pixel.g) - 20) <= 1 && abs(Int(pixel.b) - 30) <= 1, "\(pixel)")
        }
    }

    /// Many renders at once, each on several threads (more helpers than cores): every file is
    /// the single-threaded one.
    @Test func concurrentParallelRendersAgree() async throws {
        let expected = try Self.render("bench/chat-50.json", threads: 1)
        let results = try await withThrowingTaskGroup(of: Data.self) { group in
            for _ in 0..<6 { group.addTask { try Self.render("bench/chat-50.json", threads: 4) } }
            return try await group.reduce(into: [Data]()) { $0.append($1) }
        }
        #expect(results.count == 6)
        for data in results { #expect(data == expected) }
    }
}

/// WebP with libwebp's second thread and JPEG from strips drawn into its buffer: the same bytes
/// whatever `encodingThreads` says.
struct RasterThreadsTests {
    @Test(arguments: [(OutputFormat.webp, nil), (.webp, ImageQuality(80)), (.jpeg, nil)] as [(OutputFormat, ImageQuality?)])
    func formatsWriteTheSameBytesOnAnyThreadCount(variant: (OutputFormat, ImageQuality?)) throws {
        let json = try Data(contentsOf: packageRoot.appendingPathComponent("goldens/message-types.json"))
        var files: [Data] = []
        for threads in [1, 4] {
            var options = RenderOptions()
            options.images.assetRoot = packageRoot.appendingPathComponent("examples")
            options.format = variant.0
            options.quality = variant.1
            options.encodingThreads = threads
            files.append(try Feedshot.render(json: json, options: options))
        }
        #expect(
            files[0] == files[1], "\(variant.0) \(variant.1.map { "q\($0.value)" } ?? ""): \(files[0].count) and \(files[1].count) bytes")
    }
}

/// Nothing a render's strip queue made outlives it: when `StripQueue.code` returns and the caller
/// lets go of the results, every coded strip is gone — no helper thread still holds the queue.
/// (libFuzzer's leak check, run right after a render, once found coded strips a helper was still
/// tearing down.)
struct StripQueueLifetimeTests {
    /// A coded strip that counts itself out.
    final class Counted {
        static let alive = Mutex(0)
        init() { Counted.alive.withLock { $0 += 1 } }
        deinit { Counted.alive.withLock { $0 -= 1 } }
    }

    @Test func codedStripsAreGoneWhenTheQueueReturns() throws {
        let (layout, painter) = try StripRowsTests.prepared(Data(contentsOf: packageRoot.appendingPathComponent("bench/chat-50.json")))
        for round in 0..<20 {
            let strips = try StripRows(layout, painter: painter, stripRows: 256, reportsChangedColumns: false)
            let coded = try StripQueue<Counted>.code(strips, threads: 4) { _ in Counted() }
            #expect(coded?.count == strips.windows.count)
            _ = consume coded
            #expect(Counted.alive.withLock { $0 } == 0, "round \(round): a coded strip outlived the render")
        }
    }
}
