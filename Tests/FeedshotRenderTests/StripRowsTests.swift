import Foundation
import Testing

@testable import FeedshotLayout
@testable import FeedshotRender

/// Drawing in strips (`StripRows`, what `Feedshot.render` does) gives the same pixels as drawing
/// the whole image first and encoding it (the plain path). The bytes may differ: strips tell the
/// encoder which columns can change, so it may split the same pixels into other spans.
struct StripRowsTests {
    static let goldens = packageRoot.appendingPathComponent("goldens")

    /// The layout of `json` and a painter for it, as `Feedshot.render` makes them.
    static func prepared(_ json: Data) throws -> (Layout, Painter) {
        var options = RenderOptions()
        options.images.assetRoot = packageRoot.appendingPathComponent("examples")
        var pipeline = RenderPipeline(options: options)
        let laidOut = try pipeline.layout(pipeline.decode(json))
        return (laidOut.layout, try laidOut.painter())
    }

    /// Strips of each of `stripRows` rows hold the plain path's pixel rows, byte for byte (the
    /// encoder sees the same rows and columns whatever the strip height), and `Feedshot.render`'s
    /// PNG decodes to the plain path's pixels.
    static func expectStripsMatchThePlainPath(_ json: Data, stripRows: [Int], _ name: String) throws {
        let (layout, painter) = try prepared(json)
        let plain = try painter.draw(layout)
        for rows in stripRows {
            let strips = try StripRows(layout, painter: painter, stripRows: rows)
            let differing = try plain.withPixels { base, stride in
                var differing = 0
                for y in 0..<strips.height {
                    let plainRow = UnsafeRawPointer(base + y * stride).assumingMemoryBound(to: UInt32.self)
                    let same = try strips.withRow(y) { row, _, _ in (0..<strips.width).allSatisfy { row[$0] == plainRow[$0] } }
                    if !same { differing += 1 }
                }
                return differing
            }
            #expect(differing == 0, "\(name) in strips of \(rows) rows: \(differing) rows differ from the plain path's")
        }
        var options = RenderOptions()
        options.images.assetRoot = packageRoot.appendingPathComponent("examples")
        let rendered = try RGBAImage(png: Feedshot.render(json: json, options: options))
        #expect(try rendered.hasThePixels(of: RGBAImage(png: PNGEncoder().encode(plain))), "\(name): Feedshot.render")
        try expectRowsChangeOnlyInTheirColumns(layout, painter, name)
    }

    /// Every pixel outside the columns a row says may change equals the pixel above it.
    static func expectRowsChangeOnlyInTheirColumns(_ layout: Layout, _ painter: Painter, _ name: String) throws {
        let strips = try StripRows(layout, painter: painter)
        var outside = 0, columnsSeen = 0
        for y in 0..<strips.height {
            let reported = try strips.withRow(y) { row, above, columns in
                guard let columns else { return false }
                guard let above else { return true }
                columnsSeen += columns.count / 2
                var x = 0
                for k in stride(from: 0, to: columns.count + 1, by: 2) {
                    let end = k < columns.count ? Int(columns[k]) : strips.width
                    while x < end {
                        if row[x] != above[x] { outside += 1 }
                        x += 1
                    }
                    if k < columns.count { x = Int(columns[k + 1]) }
                }
                return true
            }
            #expect(reported, "\(name): row \(y) came without its changed columns")
        }
        #expect(outside == 0, "\(name): \(outside) pixels changed outside their rows' columns")
        #expect(columnsSeen > 0)
    }

    @Test(arguments: GoldenTests.names)
    func everyGoldenIsTheSameDrawnInStrips(name: String) throws {
        let json = try Data(contentsOf: Self.goldens.appendingPathComponent("\(name).json"))
        try Self.expectStripsMatchThePlainPath(json, stripRows: [37, 256], name)
    }

    /// Thin strips: most elements cross a strip edge; text lines, bubbles, tails, emoji and
    /// pictures are cut through.
    @Test(arguments: [
        "emoji", "mk-style-bubbleTail", "mk-style-bubbleTailOutline", "mk-custom-bubbles", "arabic", "message-types", "post-gallery-3-4",
    ])
    func thinStripsCutThroughEverything(name: String) throws {
        let json = try Data(contentsOf: Self.goldens.appendingPathComponent("\(name).json"))
        try Self.expectStripsMatchThePlainPath(json, stripRows: [1, 3, 10], name)
    }

    /// Strips of a fixed height; a strip may cut through anything, pictures included (`Pictures`).
    @Test func stripsAreRowsFromTheTop() throws {
        #expect(StripRows.windows(height: 100, rows: 30) == [0..<30, 30..<60, 60..<90, 90..<100])
        #expect(StripRows.windows(height: 50, rows: 50) == [0..<50])
        #expect(StripRows.windows(height: 1, rows: 7) == [0..<1])
    }

    /// Text paints its whole layout wherever its frame says it starts; a frame shorter than the
    /// text (ink below the frame) must still be drawn in every strip the ink reaches, and a frame
    /// narrower than a word (ink beside the frame) must still be looked at by the encoder in every
    /// column the ink reaches. On an opaque and a translucent background (RGB and RGBA rows).
    @Test(arguments: [Color(red: 255, green: 255, blue: 255), Color(red: 32, green: 48, blue: 64, alpha: 128)])
    func inkOutsideTheFrameIsDrawnInEveryStripItReaches(background: Color) throws {
        let text = StyledText("Ág Åb 🎉 ÉÇ\nsecond line", font: AmityFont.body.spec)
        let element = LayoutElement(role: .text, frame: Rect(x: 10, y: 20, width: 120, height: 2), content: .measuredText(text, width: 120))
        let narrow = LayoutElement(
            role: .text, frame: Rect(x: 60, y: 50, width: 3, height: 20),
            content: .measuredText(StyledText("W🎉", font: AmityFont.body.spec), width: 3))
        let layout = Layout(
            width: 150, height: 80, scale: 2, background: background,
            items: [LayoutItem(id: "t", type: "text", frame: Rect(x: 0, y: 0, width: 150, height: 80), elements: [element, narrow])])
        let painter = Painter(images: ImageStore(references: [], source: ImageSource()), pango: try PangoThreadContext.current())
        // The ink does leave the frame, or this test would prove nothing.
        let plan = try PaintPlan(layout, painter: painter)
        let tall = try #require(plan.elements.first?.area), wide = try #require(plan.elements.last?.area)
        #expect(Double(tall.bottom) > (element.frame.maxY + 20) * 2)
        #expect(Double(wide.right) > (narrow.frame.maxX + 8) * 2)
        let plain = try RGBAImage(png: PNGEncoder().encode(painter.draw(layout)))
        for rows in [1, 2, 5, 16] {
            let strips = try RGBAImage(
                png: PNGEncoder().encode { () throws(RenderError) in try StripRows(layout, painter: painter, stripRows: rows) })
            #expect(strips.hasThePixels(of: plain), "strips of \(rows) rows")
        }
        try Self.expectRowsChangeOnlyInTheirColumns(layout, painter, "ink outside the frame")
    }

    @Test func aStripTallerThanTheImageIsTheWholeImage() throws {
        let json = try Data(contentsOf: packageRoot.appendingPathComponent("bench/bubble.json"))
        let (layout, painter) = try Self.prepared(json)
        let strips = try StripRows(layout, painter: painter, stripRows: 100_000)
        #expect(strips.stripRows == layout.pixelHeight)
    }
}

/// The opaque row filter writes each row's Up difference in RGB, and its dirty spans cover every
/// byte that is not zero, in order, without overlaps.
struct DirtySpansTests {
    /// Filters `rows` (ARGB words) with `opaqueRows`: the filtered rows, the spans, and whether
    /// every row was taken.
    static func filtered(_ rows: [[UInt32]], width: Int) throws -> (out: [UInt8], spans: [Int32], opaque: Bool) {
        let height = rows.count
        var pixels = rows.flatMap { $0 }
        let rowBytes = width * 3 + 1
        // Zeros, as the encoder's buffers are when a row filter writes into them (`RowFilter`;
        // `EncoderReuseTests` holds the encoder to leaving them so).
        var out = [UInt8](repeating: 0, count: height * rowBytes + 8)
        var spans = DirtySpans()
        let opaque = try pixels.withUnsafeMutableBytes { raw in
            let source = SurfaceRows(raw.baseAddress!.assumingMemoryBound(to: UInt8.self), stride: width * 4, width: width, height: height)
            return try PNGEncoder.filter(
                0..<height, at: 0, rowBytes: rowBytes, rows: PNGEncoder.opaqueRows(source), into: &out, spans: &spans)
        }
        return (Array(out[0..<(height * rowBytes)]), spans.values, opaque)
    }

    /// The Up filter written plainly: filter byte 2, then each of R, G, B minus the one above.
    static func upFiltered(_ rows: [[UInt32]]) -> [UInt8] {
        var out: [UInt8] = []
        for (y, row) in rows.enumerated() {
            out.append(2)
            for (x, p) in row.enumerated() {
                let q = y > 0 ? rows[y - 1][x] : 0
                for shift in [16, 8, 0] as [UInt32] {
                    out.append(UInt8(truncatingIfNeeded: p >> shift) &- UInt8(truncatingIfNeeded: q >> shift))
                }
            }
        }
        return out
    }

    @Test func rowsAreTheirUpDifferenceAndSpansCoverEveryNonZeroByte() throws {
        var generator = SplitMix(seed: 11)
        for (width, height) in [(1, 5), (3, 4), (4, 3), (5, 9), (13, 17), (16, 9), (17, 9), (31, 12), (64, 40), (751, 30)] {
            // Rows repeat, change in a few scattered pixels, in every other pixel (the most spans
            // a row can have), in a run, or are noise.
            var rows: [[UInt32]] = [(0..<width).map { _ in 0xFF00_0000 | UInt32(truncatingIfNeeded: generator.next()) & 0xFF_FFFF }]
            for _ in 1..<height {
                var row = rows.last!
                switch generator.next() % 5 {
                case 0: break
                case 1: for _ in 0..<max(1, width / 8) { row[Int(generator.next() % UInt64(width))] ^= 0x0001_0203 }
                case 2: for x in stride(from: Int(generator.next() % 2), to: width, by: 2) { row[x] ^= 0x0000_0100 }
                case 3:
                    let start = Int(generator.next() % UInt64(width)), end = min(width, start + 1 + Int(generator.next() % 40))
                    for x in start..<end { row[x] = 0xFF00_0000 | UInt32(truncatingIfNeeded: generator.next()) & 0xFF_FFFF }
                default: row = (0..<width).map { _ in 0xFF00_0000 | UInt32(truncatingIfNeeded: generator.next()) & 0xFF_FFFF }
                }
                rows.append(row)
            }
            let (out, spans, opaque) = try Self.filtered(rows, width: width)
            #expect(opaque)
            let expected = Self.upFiltered(rows)
            let same = out == expected
            #expect(same, "\(width) × \(height): first different byte at \(out.indices.first { out[$0] != expected[$0] } ?? -1)")
            var covered = [Bool](repeating: false, count: out.count)
            var previousEnd: Int32 = -1
            for k in stride(from: 0, to: spans.count, by: 2) {
                #expect(spans[k] > previousEnd && spans[k] < spans[k + 1], "spans ascend and do not touch")
                previousEnd = spans[k + 1]
                for index in Int(spans[k])..<Int(spans[k + 1]) { covered[index] = true }
            }
            let uncovered = out.indices.filter { out[$0] != 0 && !covered[$0] }
            #expect(uncovered.isEmpty, "\(width) × \(height): non-zero bytes outside the spans at \(uncovered.prefix(5))")
        }
    }

    /// A translucent pixel below the first row, at any column (in a chunk of sixteen, alone or
    /// among changed pixels, or in the last pixels of the row), makes the filter refuse its row.
    @Test func aTranslucentPixelAnywhereIsRefused() throws {
        for width in [5, 16, 37, 751] {
            let top = (0..<width).map { 0xFF00_0000 | UInt32($0 * 2_654_435) & 0xFF_FFFF }
            for x in 0..<width {
                for neighboursChange in [false, true] {
                    var row = top
                    if neighboursChange { for n in max(0, x - 3)..<min(width, x + 4) { row[n] ^= 0x0000_0101 } }
                    row[x] = 0x8040_2010
                    let (_, _, opaque) = try Self.filtered([top, top, row, top], width: width)
                    #expect(!opaque, "width \(width), translucent pixel at \(x)")
                }
            }
        }
    }
}

/// Each element is drawn from a fresh path: text leaves its start as Cairo's current point, and
/// an icon's arc drawn after it was once joined to that point by a line.
struct PainterPathTests {
    @Test func anIconAfterTextLooksAsItDoesAlone() throws {
        let icon = LayoutElement(
            role: .status, frame: Rect(x: 100, y: 40, width: 16, height: 16),
            content: .glyph(.messageFailed, color: Color(red: 250, green: 77, blue: 48)))
        let text = LayoutElement(
            role: .text, frame: Rect(x: 10, y: 10, width: 60, height: 20),
            content: .measuredText(StyledText("Sent", font: AmityFont.body.spec), width: 60))
        func image(_ elements: [LayoutElement]) throws -> RGBAImage {
            let layout = Layout(
                width: 130, height: 70, scale: 2, background: Color(red: 255, green: 255, blue: 255),
                items: [LayoutItem(id: "t", type: "x", frame: Rect(x: 0, y: 0, width: 130, height: 70), elements: elements)])
            let painter = Painter(images: ImageStore(references: [], source: ImageSource()), pango: try PangoThreadContext.current())
            return try RGBAImage(png: PNGEncoder().encode(painter.draw(layout)))
        }
        let alone = try image([icon]), afterText = try image([text, icon])
        // The icon's frame and everything right of the text, at 2×.
        var differing = 0
        for y in 0..<140 {
            for x in 150..<260
            where alone.pixels[(y * 260 + x) * 4..<(y * 260 + x) * 4 + 4] != afterText.pixels[(y * 260 + x) * 4..<(y * 260 + x) * 4 + 4] {
                differing += 1
            }
        }
        #expect(differing == 0)
    }
}

extension RGBAImage {
    /// The same size and pixel bytes, compared by `memcmp`: Swift Testing would diff two arrays
    /// for minutes, and a debug build's `==` compares them element by element.
    func hasThePixels(of other: RGBAImage) -> Bool {
        width == other.width && height == other.height
            && pixels.withUnsafeBytes { a in other.pixels.withUnsafeBytes { b in memcmp(a.baseAddress!, b.baseAddress!, a.count) == 0 } }
    }
}
