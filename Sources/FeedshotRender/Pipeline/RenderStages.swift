import CPangoCairo
import FeedshotLayout
import Foundation

/// One render split into its stages, each timed by `RenderPipeline`, for `feedshot bench`.
package struct RenderStages: Sendable {
    /// Seconds spent decoding JSON into a document.
    package var parse: Double
    /// Loading images and laying out (text measured with Pango).
    package var layout: Double
    /// Drawing the layout tree with Cairo.
    package var draw: Double
    /// Encoding in the options' format: Feedshot's PNG or WebP lossless encoder, libwebp (lossy
    /// WebP), libjpeg-turbo, or Cairo finishing an SVG or PDF (drawing on a vector surface is
    /// `draw`).
    package var encode: Double
    /// Encoding the same surface with Cairo's own PNG writer (for comparison only).
    package var cairoEncode: Double
    /// Bytes of the output (in the options' format) and of Cairo's PNG.
    package var bytes: Int
    package var cairoPNGBytes: Int

    package var total: Double { parse + layout + draw + encode }

    /// Renders `json` once through the pipeline `Feedshot.render(json:)` runs, with the same
    /// options (`options.format` included), and (unless `comparingWithCairo` is false) draws the
    /// whole image once more to time Cairo's own PNG writer on it.
    package static func measure(json: Data, options: RenderOptions = RenderOptions(), comparingWithCairo: Bool = true) throws(RenderError)
        -> RenderStages
    {
        var pipeline = RenderPipeline(options: options)
        let document = try pipeline.decode(json)
        let laidOut = try pipeline.layout(document)
        let image = try pipeline.encode(laidOut)
        var cairoBytes = 0
        var cairoSeconds = 0.0
        if comparingWithCairo {
            let painter = try laidOut.painter(usesCaches: options.usesCaches)
            let surface = try painter.draw(laidOut.layout)
            let start = ContinuousClock.now
            cairoBytes = CairoPNGWriter.encodedSize(surface)
            cairoSeconds = (ContinuousClock.now - start).seconds
        }
        let times = pipeline.times
        return RenderStages(
            parse: times.decode.seconds, layout: times.layout.seconds, draw: times.draw.seconds, encode: times.encode.seconds,
            cairoEncode: cairoSeconds, bytes: image.count, cairoPNGBytes: cairoBytes)
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
    package var seconds: Double { Double(components.seconds) + Double(components.attoseconds) / 1e18 }
}
