import FeedshotLayout
import Foundation

/// The library's front door: JSON in, layout tree or image bytes out (PNG, SVG, PDF, WebP or JPEG,
/// by `RenderOptions.format`). Every call runs the one `RenderPipeline`.
public enum Feedshot {
    /// Decodes and validates a JSON document.
    ///
    /// - Parameters:
    ///   - json: The document.
    ///   - options: Its limits, composed post types, and what unknown fields do.
    /// - Throws: `RenderError.document` naming the JSON path at fault.
    public static func decode(_ json: Data, options: RenderOptions = RenderOptions()) throws(RenderError) -> Document {
        var pipeline = RenderPipeline(options: options)
        return try pipeline.decode(json)
    }

    /// The layout tree of `document`, measured with Pango. Images are sized from their headers
    /// (no pixel is decoded), and the ones that cannot be read are warned about; damage past a
    /// readable header shows only when the image is drawn.
    ///
    /// - Throws: `RenderError.limit` when the image would be too large, `.deadlineExceeded` past
    ///   `options.deadline`, `.fonts` when no font could be loaded.
    public static func layout(_ document: Document, options: RenderOptions = RenderOptions()) throws(RenderError) -> Layout {
        var pipeline = RenderPipeline(options: options)
        return try pipeline.layout(document, decodingPixels: false).layout
    }

    /// The bytes of `document` in `options.format`: exactly its layout tree. PNG, WebP and JPEG
    /// are `ceil(width × scale)` × `ceil(height × scale)` pixels; SVG and PDF one page of `width` ×
    /// `height` points.
    ///
    /// - Throws: `RenderError` as `layout` does; `.limit` for a WebP over 16,383 pixels on a side;
    ///   `.cairo` or `.encoding` when drawing or encoding fails.
    public static func render(_ document: Document, options: RenderOptions = RenderOptions()) throws(RenderError) -> Data {
        try renderWithLayout(document, options: options).image
    }

    /// The image (in `options.format`) and the layout it draws (its warnings included).
    ///
    /// - Throws: `RenderError` as `render` does.
    public static func renderWithLayout(_ document: Document, options: RenderOptions = RenderOptions()) throws(RenderError) -> (
        image: Data, layout: Layout
    ) {
        var pipeline = RenderPipeline(options: options)
        let laidOut = try pipeline.layout(document)
        return (try pipeline.encode(laidOut), laidOut.layout)
    }

    /// JSON document in, image bytes (in `options.format`) out.
    ///
    /// - Throws: `RenderError` as `decode` and `render` do.
    public static func render(json: Data, options: RenderOptions = RenderOptions()) throws(RenderError) -> Data {
        var pipeline = RenderPipeline(options: options)
        let document = try pipeline.decode(json)
        return try pipeline.encode(pipeline.layout(document))
    }

    /// Adds a font directory searched after the bundled fonts, for every render in the process.
    ///
    /// - Throws: `RenderError.fonts` when `path` is not a folder holding a `.ttf`, `.otf`, `.ttc` or
    ///   `.otc` file, or when called after the first render (the fonts are fixed by then).
    public static func addFontDirectory(_ path: String) throws(RenderError) {
        try FontLibrary.addDirectory(path)
    }

    /// Refuses the folders `FEEDSHOT_EXTRA_FONT_DIRS` names as `addFontDirectory` refuses one (the
    /// first render refuses them too): for a command to stop before its work, as bad input.
    package static func checkEnvironmentFontDirectories() throws(RenderError) {
        _ = try FontLibrary.environmentDirectories()
    }

    /// Refuses a typography naming a family no loaded font has (the bundled fonts and those
    /// added with `addFontDirectory`), naming the role and the installed families — for a
    /// default typography (`RenderOptions.typography`) checked once, before any render. Loads
    /// the fonts, so call it after adding font directories.
    ///
    /// - Throws: `RenderError.document` at `prefix` + the role's path (`body.family`).
    public static func checkFamilies(of typography: Typography, at prefix: String = "") throws(RenderError) {
        try RenderPipeline.checkFamilies(of: typography, at: prefix)
    }
}
