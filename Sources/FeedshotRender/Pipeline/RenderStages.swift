import CPangoCairo
import FeedshotLayout
import Foundation

/// One render split into its stages, each timed, for `feedshot bench`.
public struct RenderStages: Sendable {
    /// Seconds spent decoding JSON into a document.
    public var parse: Double
    /// Loading images and laying out (text measured with Pango).
    public var layout: Double
    /// Drawing the layout tree with Cairo.
    public var draw: Double
    /// Encoding the PNG with Feedshot's encoder.
    public var encode: Double
    /// Encoding the same surface with Cairo's own PNG writer (for comparison only).
    public var cairoEncode: Double
    /// Bytes of Feedshot's PNG and of Cairo's.
    public var pngBytes: Int
    public var cairoPNGBytes: Int

    public var total: Double { parse + layout + draw + encode }

    /// Renders `json` once as `Feedshot.render` does, timing each stage — drawing and encoding
    /// alternate strip by strip (`StripRows`), so `draw` is the time spent in the strips' drawing
    /// and `encode` the rest — and (unless `comparingWithCairo` is false) draws the whole image
    /// once more to time Cairo's own writer on it.
    public static func measure(json: Data, options: RenderOptions = RenderOptions(), comparingWithCairo: Bool = true) throws(RenderError)
        -> RenderStages
    {
        let clock = ContinuousClock()
        let t0 = clock.now
        let document = try Feedshot.decode(json, options: options)
        let t1 = clock.now
        let pango = try PangoThreadContext.current()
        let images = ImageStore(references: document.imageReferences, source: options.images)
        let layout = try Feedshot.checked(
            LayoutEngine.layout(document, measurer: PangoTextMeasurer(), images: images.catalog, composers: options.postComposers),
            options: options)
        let t2 = clock.now
        let painter = Painter(images: images, pango: pango)
        let encoder = PNGEncoder(compressionLevel: Int32(options.compressionLevel))
        var strips: [StripRows] = []
        let png = try encoder.encode { () throws(RenderError) in
            let rows = try StripRows(layout, painter: painter)
            strips.append(rows)
            return rows
        }
        let drawing = strips.reduce(Duration.zero) { $0 + $1.drawing }.seconds
        let t3 = clock.now
        var cairoBytes = 0, cairoSeconds = 0.0
        if comparingWithCairo {
            let surface = try painter.draw(layout)
            let t4 = clock.now
            cairoBytes = CairoPNGWriter.encodedSize(surface)
            cairoSeconds = (clock.now - t4).seconds
        }
        return RenderStages(
            parse: (t1 - t0).seconds, layout: (t2 - t1).seconds, draw: drawing, encode: (t3 - t2).seconds - drawing,
            cairoEncode: cairoSeconds, pngBytes: png.count, cairoPNGBytes: cairoBytes)
    }
}

/// Cairo's built-in PNG writer, kept only as the benchmark's reference point.
enum CairoPNGWriter {
    static func encodedSize(_ surface: CairoSurface) -> Int {
        var count = 0
        withUnsafeMutablePointer(to: &count) { pointer in
            _ = cairo_surface_write_to_png_stream(
                surface.pointer,
                { closure, _, length in
                    closure!.assumingMemoryBound(to: Int.self).pointee += Int(length)
                    return CAIRO_STATUS_SUCCESS
                }, pointer)
        }
        return count
    }
}

extension Duration {
    /// This duration in seconds.
    public var seconds: Double { Double(components.seconds) + Double(components.attoseconds) / 1e18 }
}
