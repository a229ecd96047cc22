import Foundation
import Testing

@testable import FeedshotRender

/// docs/ARCHITECTURE.md, "Unsafe pointers only at the C boundary": memory is allocated by hand
/// only by the classes that hand it to a C library, and the PNG encoder reads and writes spans.
struct PointerBoundaryTests {
    static let sources = packageRoot.appendingPathComponent("Sources")

    /// Every Swift file below `Sources/`, by its path below it, with its text.
    static func files() throws -> [(path: String, text: String)] {
        let enumerator = try #require(FileManager.default.enumerator(atPath: sources.path))
        return try enumerator.compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }.sorted().map {
            ($0, try String(contentsOf: sources.appendingPathComponent($0), encoding: .utf8))
        }
    }

    /// Whether `text` allocates memory by hand: `.allocate(capacity:)` or a call to `malloc`,
    /// `calloc` or `realloc` (not a C function that merely has "malloc" in its name).
    static func allocates(_ text: String) -> Bool {
        text.contains(".allocate(capacity:") || text.contains(/(^|[^A-Za-z_])(malloc|calloc|realloc)\(/)
    }

    @Test func theDetectorSeesAnAllocation() {
        #expect(Self.allocates("let p = UnsafeMutablePointer<UInt8>.allocate(capacity: 8)"))
        #expect(Self.allocates("buffer = .allocate(capacity: n)"))
        #expect(Self.allocates("guard let copy = malloc(bytes.count)"))
        #expect(!Self.allocates("feedshot_tune_malloc(64 << 20, 256 << 20)"))
    }

    /// Cairo's surfaces and strip buffers, libjpeg-turbo's output, libwebp's picture and writer:
    /// each allocated and freed by the one type that lends it to C.
    @Test func memoryIsAllocatedByHandOnlyWhereItIsLentToC() throws {
        let allocating = try Self.files().filter { Self.allocates($0.text) }.map(\.path)
        #expect(
            allocating == [
                "FeedshotRender/Formats/JPEGEncoder.swift", "FeedshotRender/Formats/WebPEncoder.swift",
                "FeedshotRender/Painting/CairoSurface.swift", "FeedshotRender/Painting/StripQueue.swift",
                "FeedshotRender/Painting/StripRows.swift",
            ])
    }

    /// The PNG encoder names a pointer type only where a whole surface's rows become spans
    /// (`SurfaceRows`; a strip's are `DrawnStrip`'s, beside `StripRows`); everything else in it is
    /// spans and arrays, and C calls borrow them.
    @Test func thePNGEncoderHoldsNoPointers() throws {
        let png = try Self.files().filter { $0.path.hasPrefix("FeedshotRender/PNG/") }
        #expect(png.count >= 8)
        // A pointer type named (a C call's `withUnsafe…` closure does not name one).
        let naming = png.filter { $0.text.contains(/(^|[^A-Za-z])Unsafe(Mutable)?(Raw)?(Buffer)?Pointer/) }.map(\.path)
        #expect(naming == ["FeedshotRender/PNG/SurfaceRows.swift"])
    }
}

/// The checks the PNG and WebP encoders' unchecked loops rely on (docs/ARCHITECTURE.md, "Unchecked
/// indexing, where it is") stop the process — in a release build too — when a caller breaks them,
/// instead of letting a loop read or write outside its span. Each runs in a child process.
struct UncheckedLoopGuardTests {
    @Test func aDirtySpanPastTheChunkStopsTheDeflater() async {
        await #expect(processExitsWith: .failure) {
            let bytes = [UInt8](repeating: 1, count: 64)
            let spans: [Int32] = [0, 65]
            FastDeflater().compress(
                bytes.span, from: 0, position: 0, pixelBytes: 3, spans: spans.span, isFinal: true, into: ByteBuffer(capacity: 64))
        }
    }

    @Test func aChunkStartingPastItsBytesStopsTheDeflater() async {
        await #expect(processExitsWith: .failure) {
            let bytes = [UInt8](repeating: 1, count: 64)
            FastDeflater().compress(bytes.span, from: 65, position: 0, pixelBytes: 3, isFinal: true, into: ByteBuffer(capacity: 64))
        }
    }

    @Test func changedColumnsPastTheRowStopTheRowFilter() async {
        await #expect(processExitsWith: .failure) {
            let row = [UInt32](repeating: 0xFF00_0000, count: 16), above = [UInt32](repeating: 0xFF10_2030, count: 16)
            var target = [UInt8](repeating: 0, count: 16 * 3 + 9)
            var spans = DirtySpans()
            var span = target.mutableSpan
            var bytes = span.mutableBytes
            _ = PNGEncoder.upFilteredChanges(row.span.bytes, above.span.bytes, columns: 0..<17, into: &bytes, spans: &spans)
        }
    }

    @Test func aStripShorterThanItsRowsStopsTheWebPTokenizer() async {
        await #expect(processExitsWith: .failure) {
            let pixels = [UInt32](repeating: 0xFF00_0000, count: 4 * 16 - 1)
            _ = LosslessWebP.tokens(strip: pixels.span, rows: 0..<4, above: nil, width: 16) { _ in nil }
        }
    }

    @Test func changedColumnsPastTheRowStopTheWebPTokenizer() async {
        await #expect(processExitsWith: .failure) {
            let pixels = [UInt32](repeating: 0xFF00_0000, count: 4 * 16), above = [UInt32](repeating: 0xFF10_2030, count: 16)
            _ = LosslessWebP.tokens(strip: pixels.span, rows: 1..<5, above: above.span, width: 16) { _ in [0, 17] }
        }
    }

    /// A WebP picture libwebp cannot allocate is refused, and its memory freed once: the failed
    /// initialiser freed it and then its `deinit` freed it again (glibc aborts on the double free).
    @Test func aWebPPictureLibwebpCannotAllocateIsFreedOnce() async {
        await #expect(processExitsWith: .success) {
            for (width, height) in [(0, 10), (10, -1), (1 << 20, 1 << 20)] {
                do throws(RenderError) {
                    _ = try WebPEncoder.Picture(width: width, height: height)
                    exit(1)
                } catch {
                    guard case .encoding(let message) = error, message.contains("could not allocate") else { exit(2) }
                }
            }
            _ = try? WebPEncoder.Picture(width: 16, height: 16)
        }
    }

    /// The same calls inside their bounds run (those above fail for their bounds alone).
    @Test func theSameCallsInsideTheirBoundsRun() {
        let bytes = [UInt8](repeating: 1, count: 64)
        let spans: [Int32] = [0, 64]
        let out = ByteBuffer(capacity: 64)
        FastDeflater().compress(bytes.span, from: 0, position: 0, pixelBytes: 3, spans: spans.span, isFinal: true, into: out)
        #expect(out.count > 0)
        let row = [UInt32](repeating: 0xFF00_0000, count: 16), above = [UInt32](repeating: 0xFF10_2030, count: 16)
        var target = [UInt8](repeating: 0, count: 16 * 3 + 9)
        var dirty = DirtySpans()
        var span = target.mutableSpan
        var raw = span.mutableBytes
        #expect(PNGEncoder.upFilteredChanges(row.span.bytes, above.span.bytes, columns: 0..<16, into: &raw, spans: &dirty))
        #expect(dirty.values == [1, 49])
        let pixels = [UInt32](repeating: 0xFF00_0000, count: 4 * 16)
        // The symbols account for every one of the 64 pixels: a copy its length, anything else one.
        let operations = LosslessWebP.tokens(strip: pixels.span, rows: 1..<5, above: above.span, width: 16) { _ in [0, 16] }.operations
        let covered = operations.reduce(0) { sum, operation in
            sum + (operation & LosslessWebP.Operation.kind == LosslessWebP.Operation.copy ? Int(operation >> 32 & 0xFFFF) : 1)
        }
        #expect(covered == 64)
    }
}
